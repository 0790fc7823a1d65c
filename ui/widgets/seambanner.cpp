#include "seambanner.h"

#include "ui/appcontext.h"
#include "ui/format.h"
#include "ui/themecontroller.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace unalloc::ui {

namespace {

QString joinNames(const QStringList &names)
{
    if (names.size() <= 1)
        return names.value(0);
    //: joins the last two names of a list: "OpenAI and Anthropic"
    return SeamBanner::tr("%1 and %2")
        .arg(names.mid(0, names.size() - 1).join(QStringLiteral(", ")), names.last());
}

QString gatewayNames()
{
    QStringList names;
    for (const std::string &g : core::OverlapOptions().gatewaySources)
        names << SeamBanner::sourceTitle(g);
    return joinNames(names);
}

} // namespace

SeamBanner::SeamBanner(AppContext *app, AnalysisController *analysis, QWidget *parent)
    : QWidget(parent)
    , m_app(app)
    , m_analysis(analysis)
    , m_partial(new QLabel)
    , m_overlap(new QFrame)
    , m_overlapText(new QLabel)
    , m_dedupe(new QPushButton)
{
    setObjectName(QStringLiteral("seamBanner"));
    m_partial->setObjectName(QStringLiteral("partialBanner"));
    m_partial->setWordWrap(true);
    m_partial->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_overlap->setObjectName(QStringLiteral("overlapBanner"));
    m_overlapText->setObjectName(QStringLiteral("overlapBannerText"));
    m_overlapText->setWordWrap(true);
    m_dedupe->setObjectName(QStringLiteral("dedupeButton"));
    connect(m_dedupe, &QPushButton::clicked, this, &SeamBanner::toggleDedupe);
    auto *row = new QHBoxLayout(m_overlap);
    row->setContentsMargins(10, 6, 10, 6);
    row->addWidget(m_overlapText, 1);
    row->addWidget(m_dedupe, 0, Qt::AlignVCenter);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 0);
    layout->setSpacing(4);
    layout->addWidget(m_partial);
    layout->addWidget(m_overlap);
    m_partial->hide();
    m_overlap->hide();
    hide();
    connect(analysis, &AnalysisController::snapshotReady, this, &SeamBanner::showSnapshot);
    connect(app->theme, &ThemeController::changed, this, &SeamBanner::applyTheme);
    applyTheme();
    if (analysis->snapshot())
        showSnapshot(analysis->snapshot());
}

QString SeamBanner::sourceTitle(const std::string &source)
{
    const QString s = fmt::q(source);
    static const QStringList known{QStringLiteral("LiteLLM"), QStringLiteral("OpenAI"),
                                   QStringLiteral("Anthropic"), QStringLiteral("OpenCost")};
    for (const QString &k : known) {
        if (k.compare(s, Qt::CaseInsensitive) == 0)
            return k;
    }
    return s;
}

void SeamBanner::showSnapshot(const SnapshotPtr &snapshot)
{
    showPartial(*snapshot);
    showOverlap(*snapshot);
    setVisible(!m_partial->isHidden() || !m_overlap->isHidden());
}

void SeamBanner::showPartial(const core::AnalysisSnapshot &s)
{
    const auto &partial = s.seams.completeness.partial;
    m_partial->setVisible(!partial.empty());
    if (partial.empty())
        return;
    QStringList why;
    for (const core::PartialBatch &b : partial) {
        why << tr("%1 batch %2 (%3)")
                   .arg(fmt::q(b.source).toHtmlEscaped())
                   .arg(b.id)
                   .arg(fmt::q(b.reason).toHtmlEscaped());
    }
    m_partial->setText(tr("<b>⚠ Incomplete data</b> — the numbers below include partial reads "
                          "and may be too low: %1")
                           .arg(why.join(QStringLiteral("; "))));
}

void SeamBanner::showOverlap(const core::AnalysisSnapshot &s)
{
    const core::ReconciliationSnapshot &seams = s.seams;
    const bool removed = seams.deduplicated && seams.overlapTotal && !seams.overlapTotal->isZero();
    m_overlap->setVisible(seams.doubleCounted() || removed);
    if (m_overlap->isHidden())
        return;
    QStringList providers;
    for (const core::ProviderOverlap &p : seams.overlap.providers) {
        if (!p.overlap.isZero() && !providers.contains(sourceTitle(p.provider)))
            providers << sourceTitle(p.provider);
    }
    const QString bills = providers.size() == 1 ? tr("the %1 bill").arg(providers.first())
                                                : tr("the %1 bills").arg(joinNames(providers));
    const QString amount = fmt::money(*seams.overlapTotal, seams.overlapCurrency, m_app->locale);
    if (removed) {
        m_overlapText->setText(tr("<b>De-duplicated:</b> %1 of %2 already counted in %3 gateway "
                                  "rows is left out. Gateway rows keep their team labels; the "
                                  "bills keep only the spend that bypassed the gateway.")
                                   .arg(amount, bills, gatewayNames()));
        m_dedupe->setText(tr("Sum both again"));
    } else {
        m_overlapText->setText(tr("<b>⚠ %1 counted twice:</b> %2 gateway rows and %3 cover the "
                                  "same traffic, and every figure here sums both.")
                                   .arg(amount, gatewayNames(), bills));
        m_dedupe->setText(tr("De-duplicate"));
    }
    m_dedupe->setToolTip(tr("Same as the “De-duplicate gateway vs provider bills” option in the "
                            "bar above (undo with Ctrl+Z)"));
    m_overlap->setProperty("deduplicated", removed);
    applyTheme();
}

void SeamBanner::toggleDedupe()
{
    core::AnalysisRequest r = m_analysis->request();
    r.dedupe = !r.dedupe;
    m_analysis->change(r, r.dedupe ? tr("De-duplicate gateway vs provider bills")
                                   : tr("Sum gateway and provider bills"));
}

void SeamBanner::applyTheme()
{
    const Theme &theme = m_app->theme->theme();
    auto tint = [&theme](QColor c) {
        c.setAlphaF(theme.dark ? 0.22 : 0.10);
        return c;
    };
    const QString style = QStringLiteral("#%1 { background: %2; border: 1px solid %3; "
                                         "border-radius: 4px; color: %4; padding: 6px 10px; }");
    const auto rgba = [](const QColor &c) {
        return QStringLiteral("rgba(%1, %2, %3, %4)")
            .arg(c.red())
            .arg(c.green())
            .arg(c.blue())
            .arg(c.alpha());
    };
    m_partial->setStyleSheet(style.arg(m_partial->objectName(), rgba(tint(theme.partial)),
                                       theme.partial.name(), theme.text.name()));
    const QColor overlap =
        m_overlap->property("deduplicated").toBool() ? theme.ownerLabel : theme.fallback;
    m_overlap->setStyleSheet(QStringLiteral("#overlapBanner { background: %1; border: 1px solid "
                                            "%2; border-radius: 4px; } #overlapBannerText { "
                                            "color: %3; }")
                                 .arg(rgba(tint(overlap)), overlap.name(), theme.text.name()));
}

} // namespace unalloc::ui
