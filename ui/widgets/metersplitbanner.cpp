#include "metersplitbanner.h"

#include "core/analysis/appliedsplits.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"
#include "ui/models/metersharemodel.h"

#include <QDateTime>
#include <QTimeZone>

namespace unalloc::ui {

MeterSplitBanner::MeterSplitBanner(LedgerDocument *document, const QLocale &locale, QWidget *parent)
    : QLabel(parent)
    , m_document(document)
    , m_locale(locale)
{
    setObjectName(QStringLiteral("meterSplitBanner"));
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setFrameShape(QFrame::StyledPanel);
    setMargin(6);
    hide();
    connect(document, &LedgerDocument::loaded, this, &MeterSplitBanner::refresh);
    refresh();
}

void MeterSplitBanner::refresh()
{
    const core::LedgerStore *store = m_document->isLoaded() ? m_document->store() : nullptr;
    if (!store)
        return;
    auto splits = core::appliedSplits(*store);
    QStringList lines;
    for (const core::AppliedSplit &s : splits ? *splits : std::vector<core::AppliedSplit>()) {
        const auto kind = core::meterFromId(s.meter);
        const QString meter = kind ? MeterShareModel::meterName(*kind) : fmt::q(s.meter);
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(s.appliedAt / 1000, QTimeZone::utc());
        lines << tr("Meter split: %1 (%2) is split by %3 into %4 row(s) — applied %5.", nullptr,
                    int(s.parts))
                     .arg(fmt::q(s.podName),
                          fmt::money(s.amount.amount, s.amount.currency, m_locale), meter)
                     .arg(s.parts)
                     .arg(fmt::dateTime(at, m_locale) + QStringLiteral(" UTC"));
    }
    setText(lines.join(QLatin1Char('\n')));
    setVisible(!lines.isEmpty());
}

} // namespace unalloc::ui
