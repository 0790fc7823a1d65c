#include "ledgerview.h"

#include "ui/format.h"
#include "ui/ledgerdocument.h"
#include "ui/models/ledgertablemodel.h"
#include "ui/widgets/tablepanel.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QShortcut>
#include <QTableView>
#include <QTimeZone>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace unalloc::ui {

LedgerView::LedgerView(const ViewContext &context, QWidget *parent)
    : AnalysisView(context, parent)
    , m_model(new LedgerTableModel(locale(), this))
    , m_filter(new QLineEdit)
    , m_count(new QLabel)
    , m_table(new QTableView)
    , m_debounce(new QTimer(this))
{
    m_filter->setObjectName(QStringLiteral("ledgerFilter"));
    m_filter->setPlaceholderText(
        tr("Filter: text, key=value, source:openai, amount>100 (all must hold)…"));
    m_filter->setClearButtonEnabled(true);
    auto *find = new QShortcut(QKeySequence::Find, this, this, [this] {
        m_filter->setFocus(Qt::ShortcutFocusReason);
        m_filter->selectAll();
    });
    find->setContext(Qt::WidgetWithChildrenShortcut);
    m_filter->setToolTip(
        tr("Filter the rows (%1). Terms, all of which must hold: any text (cost object, source "
           "or a label value contains it), key=value (a label), source:NAME, owner:NAME (the "
           "owner the current rules resolve; owner:<unallocated> for nobody's rows), via:KEY "
           "(owned through that key), batch:N, amount>N, amount>=N, amount<N, amount<=N; "
           "\"…\" quotes spaces.")
            .arg(QKeySequence(QKeySequence::Find).toString(QKeySequence::NativeText)));
    m_count->setObjectName(QStringLiteral("ledgerCount"));
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(250);
    connect(m_filter, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_model, &LedgerTableModel::counted, this, &LedgerView::updateCount);
    connect(m_debounce, &QTimer::timeout, this, [this] {
        m_filterError = m_model->setTextFilter(m_filter->text());
        updateCount();
    });
    m_table->setObjectName(QStringLiteral("ledgerTableView"));
    m_table->setModel(m_model);
    setUpTableView(m_table, false);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSortIndicator(LedgerTableModel::Amount, Qt::DescendingOrder);
    // Labels, the one open-ended column, goes last and takes the remaining width.
    header->moveSection(header->visualIndex(LedgerTableModel::Labels),
                        LedgerTableModel::ColumnCount - 1);
    sizeColumns();
    auto *panel = new TablePanel(tr("Ledger rows"), m_table, m_model, exportHost());
    panel->setObjectName(QStringLiteral("ledgerTable"));
    panel->setSubtitle(tr("Sorted and filtered in the ledger file; sort by start, source, cost "
                          "object, amount or batch."));
    auto *columns = new QToolButton;
    columns->setObjectName(QStringLiteral("columnChooser"));
    columns->setText(tr("Columns"));
    columns->setToolTip(tr("Choose the columns the table shows"));
    columns->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(columns);
    menu->setObjectName(QStringLiteral("columnMenu"));
    for (int c = 0; c < LedgerTableModel::ColumnCount; ++c) {
        QAction *a =
            menu->addAction(m_model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
        a->setObjectName(QStringLiteral("column_%1").arg(c));
        a->setCheckable(true);
        a->setChecked(true);
        connect(a, &QAction::toggled, this, [this, c](bool on) {
            // At least one column stays.
            int shown = 0;
            for (int i = 0; i < LedgerTableModel::ColumnCount; ++i)
                shown += m_table->isColumnHidden(i) ? 0 : 1;
            if (!on && shown <= 1)
                return;
            m_table->setColumnHidden(c, !on);
        });
    }
    columns->setMenu(menu);
    m_count->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_count);
    bar->addWidget(columns);
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->addLayout(bar);
    layout->addWidget(panel, 1);
    setContent(content);
    documentLoaded();
}

void LedgerView::sizeColumns()
{
    // A million rows are never measured: each column fits its header and a typical widest
    // value in this locale (the start time of a two-digit day, a seven-digit amount).
    const QFontMetrics fm = m_table->fontMetrics();
    const QDateTime start(QDate(2026, 12, 28), QTime(23, 59, 59), QTimeZone::utc());
    const QString samples[] = {
        fmt::dateTime(start, locale()),
        QStringLiteral("anthropic"),
        QString(26, QLatin1Char('n')),
        fmt::money(core::Decimal::fromInt(1234567), core::Currency::usd(), locale()),
        QStringLiteral("USD"),
        QString(16, QLatin1Char('n')),
        tr("via %1").arg(QStringLiteral("api_key_alias")),
        QString(44, QLatin1Char('n')),
        locale().toString(99999)};
    const int padding = fm.averageCharWidth() * 2 + 16; // cell margins and the sort arrow
    for (int c = 0; c < LedgerTableModel::ColumnCount; ++c) {
        if (c == LedgerTableModel::Labels)
            continue; // last on screen: it stretches over what the others leave
        const QString header = m_model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        m_table->setColumnWidth(
            c, std::max(fm.horizontalAdvance(header), fm.horizontalAdvance(samples[c])) + padding);
    }
}

void LedgerView::documentLoaded()
{
    if (!m_context.document->isLoaded()) { // the store is busy: let go of it at once
        dropWhenShown();
        m_model->setStore(m_context.document->store(), m_context.document->filePath());
        updateCount();
        return;
    }
    // Counting and indexing the rows (seconds on a million) waits until the table is shown.
    whenShown([this] {
        m_model->setAliases(m_context.document->input().rules.valueAliases);
        if (m_snapshot)
            m_model->setRequest(m_snapshot->request);
        m_model->setStore(m_context.document->store(), m_context.document->filePath());
        updateCount();
    });
}

void LedgerView::showSnapshot(const SnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    if (hasWorkWhenShown())
        return; // the store is attached with the latest request when the table is shown
    whenShown([this] {
        m_model->setRequest(m_snapshot->request);
        updateCount();
    });
}

void LedgerView::updateCount()
{
    if (m_model->isCounting())
        m_count->setText(tr("Counting rows…"));
    else if (!m_model->lastError().isEmpty())
        m_count->setText(tr("Cannot read the rows: %1").arg(m_model->lastError()));
    else if (m_model->rowCount() == 0)
        m_count->setText(m_model->textFilter().isEmpty()
                             ? tr("No rows in this period and these sources")
                             : tr("No rows match the filter in this period and these sources"));
    else if (m_model->totals().empty())
        m_count->setText(tr("%Ln row(s)", nullptr, m_model->rowCount()));
    else {
        QStringList totals;
        for (const core::Money &m : m_model->totals())
            totals << fmt::money(m.amount, m.currency, locale());
        m_count->setText(tr("%Ln row(s) · total %1", nullptr, m_model->rowCount())
                             .arg(totals.join(QStringLiteral(" + "))));
    }
    if (!m_filterError.isEmpty())
        m_count->setText(tr("Filter not applied: %1").arg(m_filterError));
}

} // namespace unalloc::ui
