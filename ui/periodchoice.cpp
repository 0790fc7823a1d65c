#include "periodchoice.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>

namespace unalloc::ui {

namespace periodchoice {

namespace {
constexpr int KindRole = Qt::UserRole + 1;
const QString kCustomEntry = QStringLiteral("custom…");
const QString kRangeEntry = QStringLiteral("range");
} // namespace

QDate dateOf(std::int32_t day)
{
    return QDate(1970, 1, 1).addDays(day);
}

std::int32_t dayOf(const QDate &date)
{
    return static_cast<std::int32_t>(QDate(1970, 1, 1).daysTo(date));
}

QString rangeText(std::int32_t fromDay, std::int32_t toDay, const QLocale &locale)
{
    const QString format = QStringLiteral("d MMM yyyy");
    return QCoreApplication::translate("AnalysisBar", "%1 – %2")
        .arg(locale.toString(dateOf(fromDay), format), locale.toString(dateOf(toDay - 1), format));
}

void fill(QComboBox *combo, const core::LedgerCatalog &catalog, const QLocale &locale)
{
    combo->clear();
    for (const core::MonthSlice &m : catalog.months) {
        const QDate date(m.year, m.month, 1);
        combo->addItem(locale.toString(date, QStringLiteral("MMMM yyyy")),
                       QVariantList{m.fromDay, m.toDay});
    }
    combo->addItem(QCoreApplication::translate("AnalysisBar", "All dates"), QVariant());
    combo->addItem(QCoreApplication::translate("AnalysisBar", "Custom…"));
    combo->setItemData(combo->count() - 1, kCustomEntry, KindRole);
    combo->setItemData(
        combo->count() - 1,
        QCoreApplication::translate("AnalysisBar", "Any first and last day (both included)"),
        Qt::ToolTipRole);
}

bool isCustomEntry(const QComboBox *combo, int index)
{
    return combo->itemData(index, KindRole).toString() == kCustomEntry;
}

std::optional<Range> rangeOf(const QComboBox *combo, int index)
{
    const QVariantList range = combo->itemData(index).toList();
    if (range.size() != 2)
        return std::nullopt;
    return Range(range[0].toInt(), range[1].toInt());
}

void select(QComboBox *combo, const core::AnalysisRequest &request, const QLocale &locale)
{
    for (int i = combo->count() - 1; i >= 0; --i)
        if (combo->itemData(i, KindRole).toString() == kRangeEntry)
            combo->removeItem(i);
    int all = -1;
    for (int i = 0; i < combo->count(); ++i) {
        const std::optional<Range> r = rangeOf(combo, i);
        if (!r && !isCustomEntry(combo, i))
            all = i;
        if (r && request.fromDay == r->first && request.toDay == r->second) {
            combo->setCurrentIndex(i);
            return;
        }
    }
    if (!request.fromDay && !request.toDay) {
        combo->setCurrentIndex(all);
        return;
    }
    // A range that is no month: its own entry, just before "Custom…". An open end (a CLI
    // line with only --from) shows the ledger's edge as the text says nothing else.
    const std::int32_t from = request.fromDay.value_or(0);
    const std::int32_t to = request.toDay.value_or(dayOf(QDate(9999, 12, 31)));
    const int at = combo->count() - 1;
    combo->insertItem(at, rangeText(from, to, locale), QVariantList{from, to});
    combo->setItemData(at, kRangeEntry, KindRole);
    combo->setCurrentIndex(at);
}

} // namespace periodchoice

DateRangeDialog::DateRangeDialog(periodchoice::Range range, const QLocale &locale, QWidget *parent)
    : QDialog(parent)
    , m_from(new QDateEdit(periodchoice::dateOf(range.first)))
    , m_to(new QDateEdit(periodchoice::dateOf(range.second - 1)))
    , m_note(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setObjectName(QStringLiteral("dateRangeDialog"));
    setWindowTitle(tr("Custom Period"));
    for (QDateEdit *e : {m_from, m_to}) {
        e->setCalendarPopup(true);
        e->setLocale(locale);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    }
    m_from->setObjectName(QStringLiteral("rangeFrom"));
    m_to->setObjectName(QStringLiteral("rangeTo"));
    m_note->setObjectName(QStringLiteral("rangeNote"));
    m_note->setWordWrap(true);
    auto *form = new QFormLayout(this);
    form->addRow(tr("&First day:"), m_from);
    form->addRow(tr("&Last day (included):"), m_to);
    form->addRow(m_note);
    form->addRow(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_from, &QDateEdit::dateChanged, this, &DateRangeDialog::validate);
    connect(m_to, &QDateEdit::dateChanged, this, &DateRangeDialog::validate);
    validate();
}

periodchoice::Range DateRangeDialog::range() const
{
    return {periodchoice::dayOf(m_from->date()), periodchoice::dayOf(m_to->date()) + 1};
}

void DateRangeDialog::validate()
{
    const bool ok = m_from->date() <= m_to->date();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
    const qint64 days = m_from->date().daysTo(m_to->date()) + 1;
    m_note->setText(ok ? tr("%n day(s), by the UTC day a row starts; the command line says "
                            "--to the day after the last one.",
                            nullptr, int(days))
                       : tr("The last day is before the first."));
}

} // namespace unalloc::ui
