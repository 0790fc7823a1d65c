#include "packdialog.h"

#include "app/cli/textformat.h"
#include "pack/packbuild.h"
#include "ui/analysiscontroller.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"

#include "core/analysis/appliedsplits.h"
#include "core/meters/telemetrymeters.h"
#include "ui/models/metersharemodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPixmap>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <limits>

namespace unalloc::ui {

namespace {

QWidget *withButton(QLineEdit *edit, QPushButton *button)
{
    auto *row = new QWidget;
    auto *h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(edit, 1);
    h->addWidget(button);
    return row;
}

} // namespace

PackDialog::PackDialog(LedgerDocument &document,
                       const AnalysisController &analysis,
                       QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_analysis(analysis)
{
    setWindowTitle(tr("Export Chargeback Pack"));
    m_month = new QComboBox;
    m_month->setObjectName(QStringLiteral("packMonth"));
    m_page = new QComboBox;
    m_page->setObjectName(QStringLiteral("packPage"));
    m_page->addItem(tr("A4"));
    m_page->addItem(tr("US Letter"));
    m_page->setCurrentIndex(QLocale().measurementSystem() == QLocale::ImperialUSSystem ? 1 : 0);
    m_dedupe = new QCheckBox(tr("Remove what gateway rows and provider bills count twice"));
    m_dedupe->setObjectName(QStringLiteral("packDedupe"));
    m_dedupe->setChecked(analysis.request().dedupe);
    const core::AnalysisRequest &request = analysis.request();
    QString fallbacks;
    for (const std::string &f : request.fallbacks)
        fallbacks += (fallbacks.isEmpty() ? QString() : QStringLiteral(", ")) + fmt::q(f);
    m_owner = new QLabel(
        tr("%1, fallbacks: %2 (as the analysis shows them)")
            .arg(fmt::q(request.ownerKey), fallbacks.isEmpty() ? tr("none") : fallbacks));
    m_statements = new QLineEdit;
    m_statements->setObjectName(QStringLiteral("packStatements"));
    m_statements->setPlaceholderText(tr("optional: one CSV and one PDF per owner"));
    auto *browseStatements = new QPushButton(tr("Choose…"));
    m_output = new QLineEdit;
    m_output->setObjectName(QStringLiteral("packOutput"));
    auto *browseOutput = new QPushButton(tr("Choose…"));

    m_meters = new QWidget;
    m_meters->setObjectName(QStringLiteral("packMeters"));
    auto *meters = new QFormLayout(m_meters);
    meters->setContentsMargins(0, 0, 0, 0);
    m_noPods = new QLabel(tr("Looking for shared pods…"));
    m_noPods->setObjectName(QStringLiteral("packNoPods"));
    m_noPods->setWordWrap(true);
    meters->addRow(m_noPods);
    m_meters->setToolTip(tr("Split a shared inference pod among its tenants by a meter, in the "
                            "pack only (the ledger is unchanged), like `unalloc pack --meter "
                            "POD=METER`"));

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(tr("&Month:"), m_month);
    form->addRow(tr("Owner key:"), m_owner);
    form->addRow(QString(), m_dedupe);
    form->addRow(tr("Shared pods:"), m_meters);
    form->addRow(tr("&Paper:"), m_page);
    form->addRow(tr("&Statements folder:"), withButton(m_statements, browseStatements));
    form->addRow(tr("Save &as:"), withButton(m_output, browseOutput));

    m_preview = new QListWidget;
    m_preview->setObjectName(QStringLiteral("packPreview"));
    m_preview->setViewMode(QListView::IconMode);
    m_preview->setIconSize(QSize(297, 420));
    m_preview->setResizeMode(QListView::Adjust);
    m_preview->setMovement(QListView::Static);
    m_preview->setSpacing(8);
    m_preview->setMinimumSize(660, 460);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("packStatus"));
    m_status->setWordWrap(true);
    m_preview->setToolTip(tr("Double-click a page to see it at 100 %"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    m_save = buttons->button(QDialogButtonBox::Save);
    m_save->setObjectName(QStringLiteral("packSave"));
    m_save->setEnabled(false);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_save, &QPushButton::clicked, this, &PackDialog::save);
    connect(browseOutput, &QPushButton::clicked, this, &PackDialog::browseOutput);
    connect(browseStatements, &QPushButton::clicked, this, &PackDialog::browseStatements);
    connect(&m_watcher, &QFutureWatcher<Rendered>::finished, this, &PackDialog::onRendered);
    connect(m_preview, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { showPage(m_preview->row(item)); });
    fillMonths();
    connect(m_month, &QComboBox::currentIndexChanged, this, [this] {
        const QString dir = QFileInfo(m_output->text()).absolutePath();
        m_output->setText(QDir(dir).filePath(
            QStringLiteral("chargeback-%1.pdf").arg(m_month->currentData().toString())));
        m_meterChoice.clear(); // another month has other pods
        refresh();
    });
    connect(m_page, &QComboBox::currentIndexChanged, this, &PackDialog::refresh);
    connect(m_dedupe, &QCheckBox::toggled, this, &PackDialog::refresh);
    refresh();
}

PackDialog::~PackDialog()
{
    m_watcher.waitForFinished();
}

void PackDialog::fillMonths()
{
    const core::AnalysisRequest &request = m_analysis.request();
    int selected = -1;
    if (m_document.isLoaded()) {
        for (const core::MonthSlice &m : m_document.catalog().months) {
            const QString id =
                QStringLiteral("%1-%2").arg(m.year).arg(m.month, 2, 10, QLatin1Char('0'));
            if (request.fromDay == m.fromDay && request.toDay == m.toDay)
                selected = m_month->count();
            m_month->addItem(id, id);
        }
    }
    // The analysis bar's month; a longer period (or none) → the latest month.
    m_month->setCurrentIndex(selected >= 0 ? selected : m_month->count() - 1);
    const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    m_output->setText(
        QDir(docs.isEmpty() ? QDir::homePath() : docs)
            .filePath(QStringLiteral("chargeback-%1.pdf").arg(m_month->currentData().toString())));
}

std::optional<pack::PackContent> PackDialog::content(QString &error) const
{
    core::LedgerStore *store = m_document.store();
    if (store == nullptr || !m_document.isLoaded() || m_month->count() == 0) {
        error = tr("Open a ledger with cost rows first.");
        return std::nullopt;
    }
    const core::AnalysisInput &in = m_document.input();
    pack::PackSources sources;
    sources.cube = in.cube.get();
    auto batches = store->batches();
    auto splits = core::appliedSplits(*store);
    if (!batches || !splits) {
        error = fmt::q((!batches ? batches.error() : splits.error()).message());
        return std::nullopt;
    }
    sources.batches = std::move(*batches);
    sources.splits = std::move(*splits);
    if (in.invoices)
        sources.invoices = *in.invoices;
    sources.rules = in.rules;
    sources.ledgerName = QFileInfo(fmt::q(store->path())).fileName().toStdString();
    sources.store = store;
    pack::PackRequest request;
    request.month = m_month->currentData().toString().toStdString();
    request.options = m_analysis.request().options();
    request.dedupe = m_dedupe->isChecked();
    request.letter = m_page->currentIndex() == 1;
    for (const auto &[row, meter] : m_meterChoice)
        request.meters.push_back({std::to_string(row), meter});
    auto built = pack::buildPack(sources, request);
    if (!built) {
        error = fmt::q(built.error().message());
        return std::nullopt;
    }
    return std::move(*built);
}

void PackDialog::refresh()
{
    if (m_watcher.isRunning()) {
        m_again = true; // render again with the options as they are when this one ends
        return;
    }
    m_save->setEnabled(false);
    QString error;
    auto built = content(error);
    if (!built) {
        m_preview->clear();
        m_pages.clear();
        m_status->setText(error);
        return;
    }
    m_status->setText(tr("Rendering the preview…"));
    auto shared = std::make_shared<const pack::PackContent>(std::move(*built));
    const QString path = m_temp.filePath(QStringLiteral("pack-%1.pdf").arg(++m_generation));
    m_watcher.setFuture(QtConcurrent::run([shared, path]() {
        Rendered r;
        r.content = shared;
        const QByteArray pdf = pack::packPdf(*shared, &r.pdfPages);
        QSaveFile file(path);
        if (pdf.isEmpty() || !file.open(QIODevice::WriteOnly) || file.write(pdf) != pdf.size() ||
            !file.commit()) {
            r.error = pdf.isEmpty() ? QStringLiteral("the PDF outline could not be added")
                                    : file.errorString();
            return r;
        }
        r.pdfPath = path;
        r.pages = pack::packImages(*shared, 96); // 100 % on a 96 dpi screen
        return r;
    }));
}

void PackDialog::onRendered()
{
    if (m_again) {
        m_again = false;
        refresh();
        return;
    }
    Rendered r = m_watcher.result();
    m_preview->clear();
    m_pages = std::move(r.pages);
    m_content = r.content;
    m_pdfPath = r.pdfPath;
    if (!r.error.isEmpty() || m_pdfPath.isEmpty()) {
        m_pages.clear();
        m_status->setText(tr("The pack could not be rendered: %1").arg(r.error));
        return;
    }
    for (size_t i = 0; i < m_pages.size(); ++i) {
        auto *item =
            new QListWidgetItem(QIcon(QPixmap::fromImage(m_pages[i])), tr("Page %1").arg(i + 1));
        m_preview->addItem(item);
    }
    const pack::PackContent &c = *m_content;
    QString status =
        tr("Pages: %4 \u00b7 %1 of spend \u00b7 U %2 \u00b7 ledger %3")
            .arg(fmt::q(cli::money(c.chargeback.current.total, c.chargeback.current.currency)),
                 fmt::q(cli::percent(c.chargeback.current.unallocatedPct())),
                 fmt::q(c.ledgerDigest.substr(0, 19)))
            .arg(m_pages.size());
    for (const pack::PodSplitView &v : c.meterSplits)
        status += QLatin1Char('\n') +
                  tr("Pod %1 (%2) split by %3 in the pack only; the ledger is unchanged.")
                      .arg(fmt::q(v.pod), fmt::money(v.amount.amount, v.amount.currency, locale()),
                           MeterShareModel::meterName(v.meter));
    m_status->setText(status);
    showPodChoices();
    m_save->setEnabled(true);
    emit previewReady(int(m_pages.size()));
}

void PackDialog::showPodChoices()
{
    if (!m_content)
        return;
    // The month's pods: those split here and those left whole, by row id.
    std::map<std::int64_t, QString> pods;
    for (const pack::PodSplitView &v : m_content->meterSplits)
        pods[v.rowId] =
            tr("%1 (%2)", "pod, cost")
                .arg(fmt::q(v.pod), fmt::money(v.amount.amount, v.amount.currency, locale()));
    for (const pack::PodSummary &p : m_content->unsplitPods)
        pods[p.rowId] =
            tr("%1 (%2, %Ln request(s))", "pod, cost, requests",
               int(std::min<std::int64_t>(p.requests, std::numeric_limits<int>::max())))
                .arg(fmt::q(p.pod), fmt::money(p.amount.amount, p.amount.currency, locale()));
    bool same = pods.size() == m_meterCombos.size();
    for (const auto &[row, text] : pods)
        same = same && m_meterCombos.contains(row);
    auto *form = static_cast<QFormLayout *>(m_meters->layout());
    if (!same) {
        // Rebuilt only when the pods change, so a choice keeps its focus.
        for (auto &[row, combo] : m_meterCombos)
            form->removeRow(combo);
        m_meterCombos.clear();
        for (const auto &[row, text] : pods) {
            auto *combo = new QComboBox;
            combo->setObjectName(QStringLiteral("packMeter"));
            combo->setProperty("podRow", QVariant::fromValue<qint64>(row));
            combo->addItem(tr("Not split (the pod is one row)"), QString());
            for (core::MeterKind k : core::telemetryMeterKinds())
                combo->addItem(tr("Split by %1").arg(MeterShareModel::meterName(k)),
                               fmt::q(std::string(core::meterId(k))));
            connect(combo, &QComboBox::activated, this, [this, row, combo] {
                const std::string meter = fmt::s(combo->currentData().toString());
                if (meter.empty())
                    m_meterChoice.erase(row);
                else
                    m_meterChoice[row] = meter;
                refresh();
            });
            auto *label = new QLabel(pods[row]);
            label->setBuddy(combo);
            label->setToolTip(pods[row]);
            form->addRow(label, combo);
            m_meterCombos[row] = combo;
        }
    }
    for (auto &[row, combo] : m_meterCombos) {
        const auto chosen = m_meterChoice.find(row);
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(std::max(
            0,
            combo->findData(chosen == m_meterChoice.end() ? QString() : fmt::q(chosen->second))));
    }
    m_noPods->setVisible(pods.empty());
    m_noPods->setText(tr("No shared inference pod with request telemetry in this month."));
}

void PackDialog::showPage(int index)
{
    if (index < 0 || size_t(index) >= m_pages.size())
        return;
    QDialog page(this);
    page.setWindowTitle(tr("Page %1 of %2").arg(index + 1).arg(m_pages.size()));
    auto *label = new QLabel;
    label->setPixmap(QPixmap::fromImage(m_pages[size_t(index)]));
    auto *scroll = new QScrollArea;
    scroll->setWidget(label);
    auto *layout = new QVBoxLayout(&page);
    layout->addWidget(scroll);
    page.resize(860, 900);
    page.exec();
}

void PackDialog::browseOutput()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Chargeback Pack"),
                                                      m_output->text(), tr("PDF (*.pdf)"));
    if (!path.isEmpty())
        m_output->setText(path);
}

void PackDialog::browseStatements()
{
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Statements Folder"), m_statements->text());
    if (!dir.isEmpty())
        m_statements->setText(dir);
}

void PackDialog::save()
{
    if (m_watcher.isRunning() || !m_content || m_pdfPath.isEmpty())
        return;
    const QString path = m_output->text().trimmed();
    if (path.isEmpty()) {
        m_status->setText(tr("Choose where to save the pack."));
        return;
    }
    QFile rendered(m_pdfPath);
    QSaveFile out(path);
    if (!rendered.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly) ||
        out.write(rendered.readAll()) != rendered.size() || !out.commit()) {
        m_status->setText(tr("The pack was not saved: %1").arg(out.errorString()));
        return;
    }
    const QString statements = m_statements->text().trimmed();
    if (!statements.isEmpty()) {
        auto written = pack::writeStatements(*m_content, statements.toStdString());
        if (!written) {
            m_status->setText(
                tr("The statements were not written: %1").arg(fmt::q(written.error().message())));
            return;
        }
    }
    emit saved(path);
    accept();
}

} // namespace unalloc::ui
