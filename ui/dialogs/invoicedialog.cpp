#include "invoicedialog.h"

#include "ui/appcontext.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"
#include "ui/periodchoice.h"

#include "core/decimal.h"
#include "core/money.h"

#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFontMetrics>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include <algorithm>

namespace unalloc::ui {

InvoiceDialog::InvoiceDialog(AppContext *app,
                             const LedgerDocument &document,
                             std::int32_t fromDay,
                             std::int32_t toDay,
                             Submit submit,
                             QWidget *parent)
    : QDialog(parent)
    , m_submit(std::move(submit))
    , m_provider(new QComboBox)
    , m_invoiceId(new QLineEdit)
    , m_start(new QDateEdit(periodchoice::dateOf(fromDay)))
    , m_end(new QDateEdit(periodchoice::dateOf(toDay)))
    , m_amount(new QLineEdit)
    , m_currency(new QComboBox)
    , m_error(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setObjectName(QStringLiteral("invoiceDialog"));
    setWindowTitle(tr("Add Invoice"));
    m_provider->setObjectName(QStringLiteral("invoiceProvider"));
    m_provider->setEditable(true);
    m_provider->setInsertPolicy(QComboBox::NoInsert);
    for (const core::SourceInfo &s : document.catalog().sources)
        m_provider->addItem(fmt::q(s.source));
    m_provider->setToolTip(tr("The cost source the invoice is reconciled with (openai, "
                              "anthropic, …)"));
    m_invoiceId->setObjectName(QStringLiteral("invoiceId"));
    m_invoiceId->setPlaceholderText(tr("optional, e.g. INV-2026-08-0042"));
    for (QDateEdit *e : {m_start, m_end}) {
        e->setCalendarPopup(true);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
        e->setLocale(app->locale);
    }
    m_start->setObjectName(QStringLiteral("invoiceStart"));
    m_end->setObjectName(QStringLiteral("invoiceEnd"));
    m_end->setToolTip(tr("The first day after the billing period, as in invoice files "
                         "(August: 2026-08-01 to 2026-09-01)"));
    m_amount->setObjectName(QStringLiteral("invoiceAmount"));
    m_amount->setPlaceholderText(tr("exact decimal, e.g. 4412.80"));
    m_currency->setObjectName(QStringLiteral("invoiceCurrency"));
    m_currency->setEditable(true);
    for (const core::CurrencyRows &c : document.catalog().currencies)
        m_currency->addItem(fmt::q(c.currency.code()));
    if (m_currency->count() == 0)
        m_currency->addItem(QStringLiteral("USD"));
    m_error->setObjectName(QStringLiteral("invoiceError"));
    m_error->setWordWrap(true);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Add Invoice"));

    // Wide enough for what is typed and for the hints (German ones are longer), whatever the
    // font: the dialog never opens with a field or a label cut.
    const QFontMetrics fm(font());
    const int text = fm.averageCharWidth() * 4;
    for (QLineEdit *e : {m_invoiceId, m_amount})
        e->setMinimumWidth(
            std::max(fm.horizontalAdvance(e->placeholderText()), fm.averageCharWidth() * 28) +
            text);
    m_provider->setMinimumContentsLength(18);
    m_provider->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_currency->setMinimumContentsLength(6);
    m_currency->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    for (QDateEdit *e : {m_start, m_end})
        e->setMinimumWidth(fm.horizontalAdvance(QStringLiteral("2026-08-01")) + text * 2);
    // The message line keeps its room, so the dialog does not jump while typing.
    m_error->setMinimumHeight(fm.lineSpacing() * 2);
    m_error->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->setSizeConstraint(QLayout::SetMinimumSize);
    form->addRow(tr("&Provider:"), m_provider);
    form->addRow(tr("Invoice &id:"), m_invoiceId);
    form->addRow(tr("Period &start:"), m_start);
    form->addRow(tr("Period &end (exclusive):"), m_end);
    form->addRow(tr("&Amount:"), m_amount);
    form->addRow(tr("&Currency:"), m_currency);
    form->addRow(m_error);
    form->addRow(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &InvoiceDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit *e : {m_amount, m_invoiceId})
        connect(e, &QLineEdit::textChanged, this, &InvoiceDialog::validate);
    connect(m_provider, &QComboBox::currentTextChanged, this, &InvoiceDialog::validate);
    connect(m_currency, &QComboBox::currentTextChanged, this, &InvoiceDialog::validate);
    connect(m_start, &QDateEdit::dateChanged, this, &InvoiceDialog::validate);
    connect(m_end, &QDateEdit::dateChanged, this, &InvoiceDialog::validate);
    validate();
}

adapters::ManualInvoice InvoiceDialog::entry() const
{
    adapters::ManualInvoice e;
    e.source = fmt::s(m_provider->currentText().trimmed());
    e.invoiceId = fmt::s(m_invoiceId->text().trimmed());
    e.periodStart = core::TimeUs(periodchoice::dayOf(m_start->date())) * core::kUsPerDay;
    e.periodEnd = core::TimeUs(periodchoice::dayOf(m_end->date())) * core::kUsPerDay;
    e.amount = fmt::s(m_amount->text().trimmed());
    e.currency = fmt::s(m_currency->currentText().trimmed().toUpper());
    return e;
}

void InvoiceDialog::validate()
{
    // The same checks the import makes, shown while typing; the import checks again.
    const adapters::ManualInvoice e = entry();
    QString error;
    if (e.source.empty())
        error = tr("Name the provider.");
    else if (e.amount.empty())
        error = tr("Enter the amount.");
    else if (!core::Decimal::parse(e.amount))
        error = tr("“%1” is not an exact decimal amount.").arg(fmt::q(e.amount));
    else if (!core::Currency::parse(e.currency))
        error = tr("“%1” is not an ISO 4217 currency.").arg(fmt::q(e.currency));
    else if (e.periodEnd < e.periodStart)
        error = tr("The period ends before it starts.");
    m_error->setText(error);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(error.isEmpty());
}

void InvoiceDialog::accept()
{
    if (!m_buttons->button(QDialogButtonBox::Ok)->isEnabled())
        return;
    const QString error = m_submit ? m_submit(entry()) : QString();
    if (!error.isEmpty()) {
        m_error->setText(error);
        return;
    }
    QDialog::accept();
}

} // namespace unalloc::ui
