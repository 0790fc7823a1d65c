// EconomicsView: the break-even panel — GPU and tier price inputs, the curves, the pods.
#include "economicsview.h"

#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/models/rawsortproxy.h"
#include "ui/widgets/adaptiverow.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/tablepanel.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>

namespace unalloc::ui {

namespace {

QTableView *plainTable(QAbstractItemModel *model, QObject *owner, const char *name)
{
    auto *table = new QTableView;
    auto *proxy = new RawSortProxy(owner);
    proxy->setSourceModel(model);
    table->setModel(proxy);
    setUpTableView(table);
    table->setObjectName(QLatin1String(name));
    return table;
}

QLineEdit *priceEdit(const core::Decimal &value, const QString &name)
{
    auto *edit = new QLineEdit(fmt::q(value.toString()));
    edit->setObjectName(name);
    edit->setMaximumWidth(90);
    edit->setAlignment(Qt::AlignRight);
    return edit;
}

/// A positive exact amount typed by the user (C-locale decimal point), or none.
std::optional<core::Decimal> parsePositive(const QLineEdit *edit, bool allowZero)
{
    auto d = core::Decimal::parse(fmt::s(edit->text().trimmed()));
    if (!d || d->isNegative() || (!allowZero && d->isZero()))
        return std::nullopt;
    return *d;
}

/// Flags an input that does not parse (the message below the inputs names it).
void markInvalid(QLineEdit *edit, bool invalid)
{
    edit->setProperty("invalid", invalid);
    edit->setStyleSheet(invalid ? QStringLiteral("QLineEdit { border: 1px solid #c0392b; }")
                                : QString());
}

} // namespace

QWidget *EconomicsView::buildBreakevenSection()
{
    m_gpu->setObjectName(QStringLiteral("gpuHourlyEdit"));
    m_gpu->setMaximumWidth(90);
    m_gpu->setAlignment(Qt::AlignRight);
    m_gpu->setToolTip(tr("What one self-hosted GPU costs per hour, in dollars."));
    m_breakevenMessage->setObjectName(QStringLiteral("breakevenMessage"));
    m_breakevenMessage->setWordWrap(true);
    m_breakevenMessage->setText(tr("Simulating the study's traffic at each request rate…"));

    auto *inputs = new QWidget;
    inputs->setObjectName(QStringLiteral("breakevenInputs"));
    m_tierGrid->setContentsMargins(0, 0, 0, 0);
    m_tierGrid->addWidget(new QLabel(tr("GPU $/hour:")), 0, 0);
    m_tierGrid->addWidget(m_gpu, 0, 1);
    m_tierGrid->addWidget(new QLabel(tr("Tier")), 1, 0);
    m_tierGrid->addWidget(new QLabel(tr("Input $/M")), 1, 1);
    m_tierGrid->addWidget(new QLabel(tr("Cached $/M")), 1, 2);
    m_tierGrid->addWidget(new QLabel(tr("Output $/M")), 1, 3);
    int row = 2;
    for (const core::ApiTier &t : core::ApiTier::defaults()) {
        const QString name = fmt::q(t.name);
        m_tierGrid->addWidget(new QLabel(name), row, 0);
        std::array<QLineEdit *, 3> edits{priceEdit(t.input, QStringLiteral("tierInput_") + name),
                                         priceEdit(t.cached, QStringLiteral("tierCached_") + name),
                                         priceEdit(t.output, QStringLiteral("tierOutput_") + name)};
        for (int c = 0; c < 3; ++c) {
            m_tierGrid->addWidget(edits[size_t(c)], row, c + 1);
            connect(edits[size_t(c)], &QLineEdit::editingFinished, this,
                    &EconomicsView::rebuildBreakeven);
        }
        m_tierEdits.push_back(edits);
        m_tierNames.push_back(t.name);
        ++row;
    }
    m_tierGrid->setRowStretch(row, 1);
    connect(m_gpu, &QLineEdit::editingFinished, this, &EconomicsView::rebuildBreakeven);
    auto *inputsLayout = new QVBoxLayout(inputs);
    inputsLayout->setContentsMargins(0, 0, 0, 0);
    inputsLayout->addLayout(m_tierGrid);
    inputsLayout->addWidget(m_breakevenMessage);
    inputsLayout->addStretch(1);

    auto *curvesPanel = new ChartPanel(tr("Self-hosted GPU vs API: cost ratio by request rate"),
                                       m_curves, exportHost());
    curvesPanel->setObjectName(QStringLiteral("breakevenChart"));
    curvesPanel->setSubtitle(tr("Self-hosted ÷ API (log scale); below the dashed line at 1 the "
                                "GPU is cheaper; dots mark the break-even rates. Simulated "
                                "vLLM-style server, studies' tenants, 300 s per rate"));
    auto *tiersPanel =
        new TablePanel(tr("Break-even per tier"), plainTable(m_tiers, this, "breakevenTableView"),
                       m_tiers, exportHost());
    tiersPanel->setObjectName(QStringLiteral("breakevenTable"));
    tiersPanel->setMinimumHeight(150);
    auto *podsPanel = new TablePanel(tr("This ledger's pods at their measured rate"),
                                     plainTable(m_podModel, this, "podStandingTableView"),
                                     m_podModel, exportHost());
    podsPanel->setObjectName(QStringLiteral("podStandingTable"));
    podsPanel->setMinimumHeight(150);

    // The chart beside its inputs and tiers, stacked in a narrow window.
    auto *side = new QWidget;
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(inputs);
    sideLayout->addWidget(tiersPanel, 1);
    auto *chartRow = new AdaptiveRow;
    chartRow->setObjectName(QStringLiteral("breakevenRow"));
    chartRow->addWidget(curvesPanel, 1);
    chartRow->addWidget(side, 1);
    auto *section = new QWidget;
    auto *grid = new QGridLayout(section);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(chartRow, 0, 0);
    grid->addWidget(podsPanel, 1, 0);
    grid->setRowStretch(0, 1);
    return section;
}

void EconomicsView::rebuildBreakeven()
{
    auto gpu = parsePositive(m_gpu, false);
    QStringList bad;
    if (!gpu)
        bad << tr("GPU $/hour");
    std::vector<core::ApiTier> tiers;
    for (size_t i = 0; i < m_tierEdits.size(); ++i) {
        core::ApiTier t{m_tierNames[i], {}, {}, {}};
        core::Decimal *fields[3] = {&t.input, &t.cached, &t.output};
        bool ok = true;
        for (size_t c = 0; c < 3; ++c) {
            const auto v = parsePositive(m_tierEdits[i][c], true);
            markInvalid(m_tierEdits[i][c], !v);
            ok = ok && v.has_value();
            if (v)
                *fields[c] = *v;
        }
        if (!ok)
            bad << fmt::q(t.name);
        tiers.push_back(std::move(t));
    }
    markInvalid(m_gpu, !gpu);
    if (!bad.isEmpty()) {
        m_breakevenMessage->setText(tr("Not a price in dollars (use a point, e.g. 0.15): %1")
                                        .arg(bad.join(QStringLiteral(", "))));
        m_breakevenMessage->show();
        return;
    }
    if (m_traffic.empty())
        return; // still simulating: the message says so
    m_breakevenMessage->setText(
        m_podsReady && m_pods.empty()
            ? tr("No pod of this ledger has request telemetry in its window to place on the "
                 "curves.")
            : QString());
    m_breakevenMessage->setVisible(!m_breakevenMessage->text().isEmpty());
    m_breakeven = std::make_shared<const core::BreakevenSnapshot>(
        core::breakevenSnapshot(m_traffic, tiers, *gpu, m_pods));
    m_tiers->setSnapshot(m_breakeven);
    m_podModel->setSnapshot(m_breakeven);
    showBreakevenChart();
    announce();
}

} // namespace unalloc::ui
