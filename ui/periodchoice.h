#pragma once

#include "core/analysis/analysisrequest.h"
#include "core/analysis/ledgercatalog.h"

#include <QDialog>
#include <QLocale>

#include <cstdint>
#include <optional>
#include <utility>

class QComboBox;
class QDateEdit;
class QDialogButtonBox;
class QLabel;

namespace unalloc::ui {

/// @brief The analysis bar's period choices: each month of the ledger, "All dates", the
/// custom range in force (if any) and "Custom…", which asks for two dates.
///
/// Ranges are [fromDay, toDay) day indexes inside (as `report --from --to`), shown with the
/// inclusive last day, as a person reads "1 Aug – 15 Aug".
namespace periodchoice {
using Range = std::pair<std::int32_t, std::int32_t>;

void fill(QComboBox *combo, const core::LedgerCatalog &catalog, const QLocale &locale);
/// Selects the entry of `request`'s period, adding (or updating) the custom-range entry.
void select(QComboBox *combo, const core::AnalysisRequest &request, const QLocale &locale);
/// True for the "Custom…" entry.
bool isCustomEntry(const QComboBox *combo, int index);
/// The range of entry `index`; nullopt for "All dates".
std::optional<Range> rangeOf(const QComboBox *combo, int index);
/// "1 Aug 2026 – 15 Aug 2026" for [from, to).
QString rangeText(std::int32_t fromDay, std::int32_t toDay, const QLocale &locale);
QDate dateOf(std::int32_t day);
std::int32_t dayOf(const QDate &date);
} // namespace periodchoice

/// @brief Asks for a custom period: a first and a last day (both included).
class DateRangeDialog final : public QDialog
{
    Q_OBJECT
public:
    /// `range` is the period to start from ([from, to) days).
    DateRangeDialog(periodchoice::Range range, const QLocale &locale, QWidget *parent = nullptr);

    /// The chosen period, to exclusive.
    periodchoice::Range range() const;
    QDateEdit *fromEdit() const { return m_from; }
    QDateEdit *toEdit() const { return m_to; }

private:
    void validate();

    QDateEdit *m_from;
    QDateEdit *m_to;
    QLabel *m_note;
    QDialogButtonBox *m_buttons;
};

} // namespace unalloc::ui
