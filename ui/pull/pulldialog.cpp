#include "pulldialog.h"

#include "pullprogressmodel.h"
#include "ui/appcontext.h"
#include "ui/format.h"
#include "ui/widgets/tablepanel.h"

#include <QCheckBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTimeZone>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace unalloc::ui {

namespace pull = adapters::pull;

namespace {

core::TimeUs atMidnight(QDate d)
{
    return core::daysFromCivil(d.year(), static_cast<unsigned>(d.month()),
                               static_cast<unsigned>(d.day())) *
           core::kUsPerDay;
}

QString minuteText(core::TimeUs t)
{
    return QDateTime::fromMSecsSinceEpoch(t / 1000, QTimeZone::utc())
        .toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QDateEdit *dateEdit(const QString &name, QDate value)
{
    auto *e = new QDateEdit(value);
    e->setObjectName(name);
    e->setCalendarPopup(true);
    e->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    return e;
}

} // namespace

PullDialog::PullDialog(
    AppContext *app, const QString &ledgerPath, bool demo, PullContext context, QWidget *parent)
    : QDialog(parent)
    , m_app(app)
    , m_context(std::move(context))
    , m_ledgerPath(ledgerPath)
    , m_windowNote(new QLabel)
    , m_allowPartial(new QCheckBox(tr("Allow &partial")))
    , m_model(new PullProgressModel(app->locale, this))
    , m_status(new QLabel)
    , m_pull(new QPushButton(tr("&Pull")))
    , m_cancel(new QPushButton(tr("Cancel")))
    , m_close(new QPushButton(tr("Close")))
{
    setWindowTitle(tr("Pull from APIs"));
    setObjectName(QStringLiteral("pullDialog"));
    if (!m_context.keys)
        m_context.keys = pull::systemKeyStore();

    auto *sources = new QGroupBox(tr("Sources"));
    auto *grid = new QGridLayout(sources);
    grid->setColumnStretch(1, 1);
    int line = 0;
    const QStringList heads{tr("Source"), tr("URL"), tr("Key")};
    for (int c = 0; c < heads.size(); ++c) {
        auto *h = new QLabel(QStringLiteral("<b>%1</b>").arg(heads[c]));
        grid->addWidget(h, line, c);
    }
    ++line;
    for (const pull::SourceSpec &spec : pull::sourceSpecs()) {
        auto *row = new PullSourceRow(spec, app, &m_context, grid, line, this);
        connect(row, &PullSourceRow::message, this, &PullDialog::showMessage);
        m_rows.push_back(row);
        line += 2;
    }

    const QDate today = app->clock().toUTC().date();
    const QDate first(today.year(), today.month(), 1);
    m_from = dateEdit(QStringLiteral("fromDate"), first.addMonths(-1));
    m_to = dateEdit(QStringLiteral("toDate"), first.addDays(-1));
    m_windowNote->setObjectName(QStringLiteral("windowNote"));
    m_windowNote->setWordWrap(true);
    m_allowPartial->setObjectName(QStringLiteral("allowPartial"));
    m_allowPartial->setToolTip(
        tr("Off (the default): a source that cannot be read completely fails the whole pull and "
           "nothing is imported. On: what was read is imported in a batch marked partial, shown "
           "in red everywhere, and 'report --require-complete' fails on it."));
    auto *windowBox = new QGroupBox(tr("Window (UTC)"));
    auto *windowLayout = new QGridLayout(windowBox);
    auto *dates = new QHBoxLayout;
    dates->addWidget(new QLabel(tr("From")));
    dates->addWidget(m_from);
    dates->addWidget(new QLabel(tr("to, including")));
    dates->addWidget(m_to);
    dates->addStretch(1);
    dates->addWidget(m_allowPartial);
    windowLayout->addLayout(dates, 0, 0);
    windowLayout->addWidget(m_windowNote, 1, 0);

    auto *target = new QLabel;
    target->setObjectName(QStringLiteral("targetNote"));
    target->setWordWrap(true);
    target->setText(
        ledgerPath.isEmpty()
            ? tr("No ledger is open: open or create one (File → New Ledger…) to pull into it.")
        : demo ? tr("The demo ledger is open: the pull goes into its temporary copy, which is "
                    "discarded when another ledger is opened. Create a ledger first (File → New "
                    "Ledger…) to keep what you pull.")
               : tr("Pulls into %1, in one transaction: every page of every source, or nothing.")
                     .arg(QFileInfo(ledgerPath).fileName()));
    target->setToolTip(ledgerPath);

    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("pullProgressTable"));
    m_table->setModel(m_model);
    setUpTableView(m_table);
    m_table->setSortingEnabled(false);
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(PullProgressModel::Details,
                                                      QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_model->reset({});
    m_status->setObjectName(QStringLiteral("pullStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_pull->setObjectName(QStringLiteral("pullButton"));
    m_pull->setDefault(true);
    m_cancel->setObjectName(QStringLiteral("cancelPullButton"));
    m_cancel->setToolTip(tr("Stop the pull; nothing is written to the ledger"));
    m_close->setObjectName(QStringLiteral("closeButton"));
    auto *buttons = new QDialogButtonBox;
    buttons->addButton(m_pull, QDialogButtonBox::ActionRole);
    buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    buttons->addButton(m_close, QDialogButtonBox::RejectRole);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(sources);
    layout->addWidget(windowBox);
    layout->addWidget(target);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(1040, 640);

    connect(m_from, &QDateEdit::dateChanged, this, &PullDialog::updateWindowNote);
    connect(m_to, &QDateEdit::dateChanged, this, &PullDialog::updateWindowNote);
    connect(m_pull, &QPushButton::clicked, this, &PullDialog::startPull);
    connect(m_cancel, &QPushButton::clicked, this, &PullDialog::cancelPull);
    connect(m_close, &QPushButton::clicked, this, &PullDialog::reject);
    connect(&m_watcher, &QFutureWatcherBase::resultsReadyAt, this, &PullDialog::onEvents);
    setRunning(false);
    updateWindowNote();
}

PullDialog::~PullDialog()
{
    *m_stop = true;
    m_watcher.waitForFinished();
}

PullSourceRow *PullDialog::row(const std::string &source) const
{
    for (PullSourceRow *r : m_rows)
        if (r->spec().name == source)
            return r;
    return nullptr;
}

pull::PullWindow PullDialog::window() const
{
    const core::TimeUs now = m_app->clock().toMSecsSinceEpoch() * 1000;
    return pull::closedWindow(atMidnight(m_from->date()), atMidnight(m_to->date().addDays(1)), now);
}

void PullDialog::updateWindowNote()
{
    const bool valid = m_to->date() >= m_from->date();
    const pull::PullWindow w = window();
    QString text;
    if (!valid)
        text = tr("The window is empty: the last day is before the first.");
    else if (w.clamped)
        text = tr("The window ends in the future: the pull reads up to %1 UTC, five minutes ago, "
                  "as 'unalloc pull' does (closed windows only); the batch records the cut.")
                   .arg(minuteText(w.end));
    else
        text =
            tr("Reads [%1, %2) UTC — the same as 'unalloc pull --from %3 --to %4'.")
                .arg(minuteText(w.start), minuteText(w.end), m_from->date().toString(Qt::ISODate),
                     m_to->date().addDays(1).toString(Qt::ISODate));
    m_windowNote->setText(text);
    m_pull->setEnabled(valid && !m_ledgerPath.isEmpty() && !isRunning());
}

void PullDialog::showMessage(const QString &text)
{
    m_status->setText(text);
}

void PullDialog::setRunning(bool running)
{
    for (PullSourceRow *r : m_rows)
        r->setRunning(running);
    m_from->setEnabled(!running);
    m_to->setEnabled(!running);
    m_allowPartial->setEnabled(!running);
    m_pull->setEnabled(!running && !m_ledgerPath.isEmpty() && m_to->date() >= m_from->date());
    m_cancel->setEnabled(running);
    m_close->setEnabled(!running);
}

void PullDialog::startPull()
{
    if (isRunning() || m_ledgerPath.isEmpty())
        return;
    PullRequest request;
    QStringList problems;
    std::vector<std::string> names;
    for (PullSourceRow *r : m_rows) {
        if (!r->isIncluded())
            continue;
        auto c = r->config();
        if (!c) {
            problems << fmt::q(c.error().message());
            continue;
        }
        request.sources.push_back(*c);
        names.push_back(r->spec().name);
    }
    if (!problems.isEmpty() || request.sources.empty()) {
        showMessage(problems.isEmpty() ? tr("Tick at least one source to pull.")
                                       : problems.join(QLatin1Char('\n')));
        return;
    }
    request.ledgerPath = fmt::s(m_ledgerPath);
    request.window = window();
    request.policy = m_context.policy;
    request.allowPartial = m_allowPartial->isChecked();
    *m_stop = false;
    m_model->reset(names);
    setRunning(true);
    showMessage(tr("Pulling… (Cancel leaves the ledger unchanged)"));
    m_watcher.setFuture(QtConcurrent::run(runPullJob, std::move(request), m_stop));
}

void PullDialog::cancelPull()
{
    if (!isRunning())
        return;
    *m_stop = true;
    m_cancel->setEnabled(false);
    showMessage(tr("Cancelling…"));
}

void PullDialog::reject()
{
    if (isRunning())
        return; // Cancel first: closing must not leave a pull writing behind the window
    QDialog::reject();
}

void PullDialog::onEvents(int begin, int end)
{
    for (int i = begin; i < end; ++i) {
        const PullEvent event = m_watcher.resultAt(i);
        m_model->apply(event);
        if (event.kind == PullEvent::Kind::Importing)
            showMessage(tr("Importing in one transaction… (Cancel leaves the ledger unchanged)"));
        if (event.kind == PullEvent::Kind::Finished && event.result)
            onFinished(*event.result);
    }
}

void PullDialog::onFinished(const PullResult &result)
{
    // The future still counts as running until this slot returns: wait for it (it is done).
    m_watcher.waitForFinished();
    setRunning(false);
    if (result.cancelled) {
        showMessage(tr("Cancelled; nothing was imported and the ledger is unchanged."));
    } else if (!result.imported) {
        QString text =
            tr("Nothing was imported; the ledger is unchanged: %1").arg(fmt::q(result.error));
        if (result.incomplete)
            text += QLatin1Char('\n') +
                    tr("Tick “Allow partial” to import what was read, marked partial.");
        showMessage(text);
    } else {
        QStringList money;
        for (const core::Money &m : result.totals)
            money << fmt::moneyExact(m.amount, m.currency, m_app->locale);
        showMessage(
            tr("Imported %1 (%2 in the batches) from %3; %4 already in the ledger were "
               "skipped.",
               "new rows, amounts, sources, rows")
                .arg(tr("%1 new row(s)", nullptr, fmt::plural(result.rowsAdded))
                         .arg(fmt::count(result.rowsAdded, m_app->locale)),
                     money.isEmpty() ? QStringLiteral("—") : money.join(QStringLiteral(", ")),
                     tr("%n source(s)", nullptr, result.batches),
                     tr("%1 row(s)", nullptr, fmt::plural(result.duplicates))
                         .arg(fmt::count(result.duplicates, m_app->locale))));
        emit imported(result);
    }
    emit finished(result);
}

} // namespace unalloc::ui
