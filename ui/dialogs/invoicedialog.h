#pragma once

#include "adapters/invoices/manualinvoice.h"

#include <QDialog>

#include <functional>

class QComboBox;
class QDateEdit;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace unalloc::ui {

struct AppContext;
class LedgerDocument;

/// @brief Ledger → Add invoice…: a provider invoice typed in by hand. OK hands the entry to
/// `submit` (which stores it and returns an error text, or empty); the dialog stays open with
/// the error shown when it fails.
class InvoiceDialog final : public QDialog
{
    Q_OBJECT
public:
    using Submit = std::function<QString(const adapters::ManualInvoice &)>;
    /// Starts from the period [fromDay, toDay) and the ledger's sources and currencies.
    InvoiceDialog(AppContext *app,
                  const LedgerDocument &document,
                  std::int32_t fromDay,
                  std::int32_t toDay,
                  Submit submit,
                  QWidget *parent = nullptr);

    /// What the fields say now.
    adapters::ManualInvoice entry() const;

    void accept() override;

private:
    void validate();

    Submit m_submit;
    QComboBox *m_provider;
    QLineEdit *m_invoiceId;
    QDateEdit *m_start;
    QDateEdit *m_end;
    QLineEdit *m_amount;
    QComboBox *m_currency;
    QLabel *m_error;
    QDialogButtonBox *m_buttons;
};

} // namespace unalloc::ui
