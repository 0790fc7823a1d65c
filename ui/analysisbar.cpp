#include "analysisbar.h"

#include "analysiscontroller.h"
#include "appcontext.h"
#include "fallbackchips.h"
#include "format.h"
#include "ledgerdocument.h"
#include "periodchoice.h"
#include "themecontroller.h"
#include "widgets/flowlayout.h"

#include "core/labels.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDate>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QToolButton>

#include <algorithm>
#include <climits>

namespace unalloc::ui {

namespace {

QLabel *caption(const QString &text, QWidget *buddy)
{
    auto *label = new QLabel(text);
    label->setBuddy(buddy);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

/// A row count as tr()'s plural selector (which takes an int): only its form matters.
int rowsForPlural(std::int64_t rows)
{
    return int(std::min<std::int64_t>(rows, INT_MAX));
}

} // namespace

AnalysisBar::AnalysisBar(AppContext *app,
                         LedgerDocument *document,
                         AnalysisController *analysis,
                         QWidget *parent)
    : QWidget(parent)
    , m_app(app)
    , m_document(document)
    , m_analysis(analysis)
    , m_period(new QComboBox)
    , m_sources(new QToolButton)
    , m_sourcesMenu(new QMenu(this))
    , m_owner(new QComboBox)
    , m_chips(new FallbackChips)
    , m_command(new QLineEdit)
    , m_dedupe(new QCheckBox(tr("&De-duplicate gateway vs provider bills")))
    , m_currency(new QComboBox)
{
    m_currency->setObjectName(QStringLiteral("currencyCombo"));
    m_currency->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_currency->setToolTip(tr("Every figure is in this currency. A ledger holding several "
                              "currencies is viewed one at a time: they are never summed "
                              "(--currency)."));
    m_dedupe->setObjectName(QStringLiteral("dedupeCheck"));
    m_dedupe->setToolTip(tr("Gateway rows (LiteLLM) and provider bills can count the same "
                            "dollars. Checked: keep the gateway rows (they carry team labels) "
                            "and only the part of each bill the gateway did not see (--dedupe)."));
    m_period->setObjectName(QStringLiteral("periodCombo"));
    m_period->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_period->setToolTip(tr("Which charge windows count (by the UTC day a row starts)"));
    m_sources->setObjectName(QStringLiteral("sourcesButton"));
    m_sources->setPopupMode(QToolButton::InstantPopup);
    m_sources->setMenu(m_sourcesMenu);
    m_owner->setObjectName(QStringLiteral("ownerCombo"));
    m_owner->setEditable(true);
    m_owner->setInsertPolicy(QComboBox::NoInsert);
    m_owner->setMinimumContentsLength(22);
    // Sized by that length (rebuildFromCatalog raises it to the longest key and counts).
    m_owner->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_owner->setToolTip(tr("The owner label (--dimension). Type any key; it is canonicalised "
                           "the way the ledger's labels are (costCenter → cost_center)."));
    m_chips->setObjectName(QStringLiteral("fallbackChips"));
    m_command->setObjectName(QStringLiteral("commandLine"));
    m_command->setReadOnly(true);
    m_command->setToolTip(tr("The same analysis from the command line"));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::TypeWriter);
    m_command->setFont(mono);
    auto *copy = new QToolButton;
    copy->setObjectName(QStringLiteral("copyCommand"));
    copy->setText(tr("Copy"));
    copy->setToolTip(tr("Copy the command line"));
    connect(copy, &QToolButton::clicked, this, &AnalysisBar::copyCommand);

    // Captions in one column, controls beside them; the first row packs its controls left
    // and wraps (each caption stays with its control) when the window is narrow (1024 px).
    auto *firstRow = new QWidget;
    firstRow->setObjectName(QStringLiteral("analysisFirstRow"));
    auto *first = new FlowLayout(firstRow, 14);
    first->setContentsMargins(0, 0, 0, 0);
    auto group = [first](std::initializer_list<QWidget *> widgets) {
        auto *box = new QWidget;
        auto *row = new QHBoxLayout(box);
        row->setContentsMargins(0, 0, 0, 0);
        row->setSpacing(8);
        for (QWidget *w : widgets)
            row->addWidget(w);
        first->addWidget(box);
    };
    group({m_period});
    group({caption(tr("&Sources"), m_sources), m_sources});
    group({caption(tr("&Owner key"), m_owner), m_owner});
    group({m_dedupe});
    group({caption(tr("C&urrency"), m_currency), m_currency});
    auto *third = new QHBoxLayout;
    third->setSpacing(8);
    third->addWidget(m_command, 1);
    third->addWidget(copy);
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(10, 8, 10, 8);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(6);
    grid->addWidget(caption(tr("&Period"), m_period), 0, 0);
    grid->addWidget(firstRow, 0, 1);
    grid->addWidget(caption(tr("F&allbacks"), m_chips), 1, 0, Qt::AlignTop);
    grid->addWidget(m_chips, 1, 1);
    grid->addWidget(caption(tr("C&LI"), m_command), 2, 0);
    grid->addLayout(third, 2, 1);
    grid->setColumnStretch(1, 1);
    m_copy = copy;
    fixTabOrder();

    connect(m_period, &QComboBox::activated, this, &AnalysisBar::onPeriodActivated);
    connect(m_currency, &QComboBox::activated, this, &AnalysisBar::onCurrencyActivated);
    connect(m_owner, &QComboBox::activated, this,
            [this](int index) { setOwnerKeyText(m_owner->itemData(index).toString()); });
    connect(m_owner->lineEdit(), &QLineEdit::editingFinished, this, [this] {
        // The text the bar itself shows for the current key ("zzz · 0 of 3,390 rows") is no
        // new key: leaving the field without typing changes nothing.
        if (m_owner->currentText() == m_ownerShown)
            return;
        const int i = m_owner->findText(m_owner->currentText());
        setOwnerKeyText(i >= 0 ? m_owner->itemData(i).toString() : m_owner->currentText());
    });
    connect(m_chips, &FallbackChips::toggled, this, [this](const QString &key) {
        const core::AnalysisRequest &r = m_analysis->request();
        const bool adding = r.fallbackPosition(fmt::s(key)) == 0;
        m_analysis->change(r.withFallbackToggled(fmt::s(key)),
                           adding ? tr("Add fallback %1").arg(key)
                                  : tr("Remove fallback %1").arg(key));
    });
    connect(m_dedupe, &QCheckBox::toggled, this, [this](bool on) {
        if (m_updating)
            return;
        core::AnalysisRequest r = m_analysis->request();
        r.dedupe = on;
        m_analysis->change(r, on ? tr("De-duplicate gateway vs provider bills")
                                 : tr("Sum gateway and provider bills"));
    });
    connect(document, &LedgerDocument::loaded, this, &AnalysisBar::rebuildFromCatalog);
    connect(analysis, &AnalysisController::requestChanged, this, &AnalysisBar::showRequest);
    setEnabled(false);
}

void AnalysisBar::setOwnerKeyText(const QString &text)
{
    if (m_updating || text.trimmed().isEmpty())
        return;
    const std::string key = core::LabelNormaliser().canonicalKey(fmt::s(text));
    if (key.empty())
        return;
    m_analysis->change(m_analysis->request().withOwnerKey(key),
                       tr("Owner key %1").arg(fmt::q(key)));
    showRequest(m_analysis->request());
}

void AnalysisBar::refresh()
{
    rebuildFromCatalog();
    showRequest(m_analysis->request());
}

void AnalysisBar::rebuildFromCatalog()
{
    m_updating = true;
    const core::LedgerCatalog &catalog = m_document->catalog();
    periodchoice::fill(m_period, catalog, m_app->locale);
    m_owner->clear();
    int longest = 0;
    for (const core::KeyCount &k : catalog.keys) {
        // The count is plural-aware (the number itself keeps the locale's grouping).
        const QString text = tr("%1 · %2 of %3 row(s)", nullptr, rowsForPlural(catalog.rows))
                                 .arg(fmt::q(k.key), fmt::count(k.rows, m_app->locale),
                                      fmt::count(catalog.rows, m_app->locale));
        longest = std::max(longest, int(text.size()));
        m_owner->addItem(text, fmt::q(k.key));
    }
    // Wide enough for "team · 814,645 of 1,072,000 rows" (a million-row ledger's counts), not
    // for a pathological key: a longer text shows its start, the key, and the tooltip the rest.
    m_owner->setMinimumContentsLength(std::clamp(longest + 2, 22, 42));
    m_currency->clear();
    for (const core::CurrencyRows &c : catalog.currencies) {
        const QString code = fmt::q(c.currency.code());
        m_currency->addItem(catalog.currencies.size() > 1
                                ? tr("%1 · %n row(s)", nullptr, int(c.rows)).arg(code)
                                : code,
                            code);
    }
    m_currency->setEnabled(catalog.currencies.size() > 1);
    m_updating = false;
    setEnabled(true);
    showRequest(m_analysis->request());
}

void AnalysisBar::showRequest(const core::AnalysisRequest &request)
{
    m_updating = true;
    const core::LedgerCatalog &catalog = m_document->catalog();
    periodchoice::select(m_period, request, m_app->locale);
    const QString owner = fmt::q(request.ownerKey);
    const int ownerIndex = m_owner->findData(owner);
    if (ownerIndex >= 0)
        m_owner->setCurrentIndex(ownerIndex);
    else
        m_owner->setEditText(tr("%1 · 0 of %2 row(s)", nullptr, rowsForPlural(catalog.rows))
                                 .arg(owner, fmt::count(catalog.rows, m_app->locale)));
    m_ownerShown = m_owner->currentText();
    m_owner->lineEdit()->setCursorPosition(0); // the key first when the counts do not fit
    m_chips->show(catalog, request, m_app->locale);
    fixTabOrder();
    m_dedupe->setChecked(request.dedupe);
    if (request.currency) {
        if (const int i = m_currency->findData(fmt::q(request.currency->code())); i >= 0)
            m_currency->setCurrentIndex(i);
    }
    m_command->setText(fmt::q(core::commandLine(request, m_document->input().ledgerPath)));
    m_command->setCursorPosition(0);
    rebuildSources(request);
    m_updating = false;
}

void AnalysisBar::rebuildSources(const core::AnalysisRequest &request)
{
    const core::LedgerCatalog &catalog = m_document->catalog();
    m_sourcesMenu->clear();
    int selected = 0;
    bool partial = false;
    QStringList reasons;
    for (const core::SourceInfo &s : catalog.sources) {
        const QString name = fmt::q(s.source);
        const bool on = request.sources.empty() || request.sources.contains(s.source);
        QString text = tr("%1 — %n batch(es)", nullptr, s.batches).arg(name);
        if (!s.complete())
            text += QStringLiteral("  ⚠ ") + tr("partial");
        QAction *a = m_sourcesMenu->addAction(text);
        a->setObjectName(QStringLiteral("source_") + name);
        a->setCheckable(true);
        a->setChecked(on);
        QStringList why;
        for (const std::string &r : s.reasons)
            why << fmt::q(r);
        a->setToolTip(why.join(QLatin1Char('\n')));
        connect(a, &QAction::toggled, this,
                [this, name](bool checked) { onSourceToggled(name, checked); });
        selected += on ? 1 : 0;
        if (on && !s.complete()) {
            partial = true;
            reasons << name + QStringLiteral(": ") + why.join(QStringLiteral("; "));
        }
    }
    if (catalog.invoices.batches > 0) {
        // Invoices are what the ledger is reconciled against, not spend: listed apart and
        // not selectable as a source.
        m_sourcesMenu->addSection(tr("Reconciliation input"));
        QString text = tr("Invoices — %n batch(es)", nullptr, catalog.invoices.batches);
        if (!catalog.invoices.complete())
            text += QStringLiteral("  ⚠ ") + tr("partial");
        QAction *a = m_sourcesMenu->addAction(text);
        a->setObjectName(QStringLiteral("invoiceBatches"));
        a->setEnabled(false);
        a->setToolTip(tr("Invoices are compared with the ledger in the Reconciliation view; "
                         "they add no spend."));
    }
    m_sourcesMenu->setToolTipsVisible(true);
    const int total = int(catalog.sources.size());
    QString label = selected == total
                        ? tr("All %n source(s)", nullptr, total)
                        : tr("%1 of %2 source(s)", nullptr, total).arg(selected).arg(total);
    if (partial)
        label += QStringLiteral("  ⚠ ") + tr("partial data");
    m_sources->setText(label);
    m_sources->setToolTip(partial ? tr("Some selected batches are partial: their numbers are "
                                       "incomplete.\n%1")
                                        .arg(reasons.join(QLatin1Char('\n')))
                                  : tr("Every selected batch is complete."));
    QPalette pal = m_sources->palette();
    pal.setColor(QPalette::ButtonText,
                 partial ? m_app->theme->theme().partial : palette().color(QPalette::ButtonText));
    m_sources->setPalette(pal);
}

void AnalysisBar::onPeriodActivated(int index)
{
    if (m_updating)
        return;
    core::AnalysisRequest r = m_analysis->request();
    if (periodchoice::isCustomEntry(m_period, index)) {
        askCustomPeriod();
        return;
    }
    const std::optional<periodchoice::Range> range = periodchoice::rangeOf(m_period, index);
    r.fromDay = range ? std::optional(range->first) : std::nullopt;
    r.toDay = range ? std::optional(range->second) : std::nullopt;
    m_analysis->change(r, tr("Period %1").arg(m_period->itemText(index)));
}

void AnalysisBar::askCustomPeriod()
{
    // Starts from the period in force, else the ledger's whole span.
    const core::AnalysisRequest &now = m_analysis->request();
    const core::LedgerCatalog &catalog = m_document->catalog();
    const std::int32_t today = periodchoice::dayOf(m_app->clock().date());
    const std::int32_t from = now.fromDay.value_or(catalog.firstDay.value_or(today));
    const std::int32_t to = now.toDay.value_or(catalog.lastDay.value_or(today) + 1);
    auto *dialog = new DateRangeDialog({from, std::max(to, from + 1)}, m_app->locale, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::finished, this, [this, dialog](int result) {
        core::AnalysisRequest r = m_analysis->request();
        if (result == QDialog::Accepted) {
            const periodchoice::Range range = dialog->range();
            r.fromDay = range.first;
            r.toDay = range.second;
            m_analysis->change(
                r, tr("Period %1")
                       .arg(periodchoice::rangeText(range.first, range.second, m_app->locale)));
        }
        showRequest(m_analysis->request()); // a cancelled dialog leaves "Custom…" unselected
    });
    dialog->open();
}

void AnalysisBar::onCurrencyActivated(int index)
{
    if (m_updating || index < 0)
        return;
    auto currency = core::Currency::parse(fmt::s(m_currency->itemData(index).toString()));
    if (!currency)
        return;
    core::AnalysisRequest r = m_analysis->request();
    if (r.currency == *currency)
        return;
    r.currency = *currency;
    m_analysis->change(r, tr("Currency %1").arg(m_currency->itemData(index).toString()));
}

void AnalysisBar::onSourceToggled(const QString &source, bool on)
{
    if (m_updating)
        return;
    core::AnalysisRequest r = m_analysis->request();
    std::set<std::string> chosen = r.sources;
    if (chosen.empty()) {
        for (const core::SourceInfo &s : m_document->catalog().sources)
            chosen.insert(s.source);
    }
    if (on)
        chosen.insert(fmt::s(source));
    else
        chosen.erase(fmt::s(source));
    if (chosen.empty())
        return showRequest(r); // at least one source stays selected
    r.sources =
        chosen.size() == m_document->catalog().sources.size() ? std::set<std::string>() : chosen;
    const QString text = on ? tr("Include %1").arg(source) : tr("Exclude %1").arg(source);
    // Queued: the change rebuilds the menu, which must not delete the action in its own signal.
    QMetaObject::invokeMethod(
        this, [this, r, text] { m_analysis->change(r, text); }, Qt::QueuedConnection);
}

void AnalysisBar::fixTabOrder()
{
    // Left to right, top to bottom; the chips are rebuilt with every request, so the chain
    // is re-linked each time.
    QList<QWidget *> chain{m_period, m_sources, m_owner, m_dedupe, m_currency};
    for (const QString &key : m_chips->keys())
        chain << m_chips->chip(key);
    if (m_chips->moreButton())
        chain << m_chips->moreButton();
    chain << m_command << m_copy;
    for (qsizetype i = 1; i < chain.size(); ++i)
        setTabOrder(chain[i - 1], chain[i]);
}

QWidget *AnalysisBar::lastInTabOrder() const
{
    return m_copy;
}

void AnalysisBar::copyCommand()
{
    QGuiApplication::clipboard()->setText(m_command->text());
}

} // namespace unalloc::ui
