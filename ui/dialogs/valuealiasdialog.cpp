#include "valuealiasdialog.h"

#include "ui/analysiscontroller.h"
#include "ui/appcontext.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"
#include "ui/models/valuealiasmodel.h"
#include "ui/views/valuealiascommand.h"

#include "core/valuealiases.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace unalloc::ui {

ValueAliasDialog::ValueAliasDialog(AppContext *app,
                                   LedgerDocument *document,
                                   AnalysisController *analysis,
                                   QWidget *parent)
    : QDialog(parent)
    , m_app(app)
    , m_document(document)
    , m_analysis(analysis)
    , m_model(new ValueAliasModel(app->locale, this))
    , m_table(new QTableView)
    , m_key(new QComboBox)
    , m_value(new QLineEdit)
    , m_target(new QLineEdit)
    , m_add(new QPushButton(tr("&Add")))
    , m_remove(new QPushButton(tr("&Remove")))
    , m_message(new QLabel)
{
    setObjectName(QStringLiteral("valueAliasDialog"));
    setWindowTitle(tr("Value Aliases"));
    m_table->setObjectName(QStringLiteral("aliasTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Every column at least as wide as its title (German titles are long).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    m_table->setTabKeyNavigation(false);
    m_key->setObjectName(QStringLiteral("aliasKey"));
    m_key->setEditable(true);
    m_key->setInsertPolicy(QComboBox::NoInsert);
    m_value->setObjectName(QStringLiteral("aliasValue"));
    m_value->setPlaceholderText(tr("value in the rows, e.g. e8d1460f"));
    m_target->setObjectName(QStringLiteral("aliasTarget"));
    m_target->setPlaceholderText(tr("attribute as, e.g. search"));
    m_add->setObjectName(QStringLiteral("addAlias"));
    m_remove->setObjectName(QStringLiteral("removeAlias"));
    m_message->setObjectName(QStringLiteral("aliasMessage"));
    m_message->setWordWrap(true);

    auto *intro = new QLabel(
        tr("Rows whose label has exactly this value are attributed as if it were the target "
           "value, in the explorer and in every CLI command (applied once, before "
           "attribution; the rows keep their labels). Part of the rules digest."));
    intro->setWordWrap(true);
    auto *form = new QHBoxLayout;
    form->addWidget(m_key, 1);
    form->addWidget(new QLabel(QStringLiteral("=")));
    form->addWidget(m_value, 2);
    form->addWidget(new QLabel(QStringLiteral("→")));
    form->addWidget(m_target, 2);
    form->addWidget(m_add);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addButton(m_remove, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 1);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(buttons);
    resize(720, 420);

    connect(m_add, &QPushButton::clicked, this,
            [this] { addAlias(m_key->currentText(), m_value->text(), m_target->text()); });
    connect(m_target, &QLineEdit::returnPressed, m_add, &QPushButton::click);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_table->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            removeAlias(rows.first().row());
    });
    connect(document, &LedgerDocument::loaded, this, &ValueAliasDialog::refresh);
    connect(analysis, &AnalysisController::requestChanged, this, &ValueAliasDialog::refresh);
    m_message->hide();
    refresh();
}

void ValueAliasDialog::refresh()
{
    const core::AnalysisInput &input = m_document->input();
    const core::AnalysisRequest &request = m_analysis->request();
    static const std::vector<core::AliasMove> none;
    m_model->setAliases(core::aliasTotals(input.rules.valueAliases,
                                          input.aliasMoves ? *input.aliasMoves : none,
                                          request.fromDay, request.toDay, request.currency));
    const QString typed = m_key->currentText();
    m_key->clear();
    for (const core::KeyCount &k : m_document->catalog().keys)
        if (!core::isInternalKey(k.key))
            m_key->addItem(fmt::q(k.key));
    m_key->setCurrentText(typed.isEmpty() ? fmt::q(request.ownerKey) : typed);
}

void ValueAliasDialog::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

bool ValueAliasDialog::addAlias(const QString &key, const QString &value, const QString &target)
{
    auto alias = core::parseValueAlias(
        fmt::s(key + QLatin1Char('=') + value + QStringLiteral("=>") + target));
    if (!alias) {
        showMessage(fmt::q(alias.error().detail));
        return false;
    }
    std::optional<core::ValueAlias> before;
    for (const core::ValueAlias &a : m_document->input().rules.valueAliases)
        if (a.key == alias->key && a.value == alias->value)
            before = a;
    if (before == alias) {
        showMessage(tr("The ledger has this alias already."));
        return false;
    }
    showMessage({});
    const QPointer<ValueAliasDialog> self(this);
    m_analysis->undoStack()->push(new ValueAliasCommand(
        m_document, m_analysis, before, *alias, tr("Alias %1").arg(fmt::q(core::aliasText(*alias))),
        [self](const QString &error) {
            if (self)
                self->showMessage(tr("Cannot change the aliases: %1").arg(error));
        }));
    m_value->clear();
    m_target->clear();
    return true;
}

void ValueAliasDialog::removeAlias(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const QModelIndex key = m_model->index(row, ValueAliasModel::Key);
    const QModelIndex value = m_model->index(row, ValueAliasModel::Value);
    const std::string k = fmt::s(key.data(RawRole).toString());
    const std::string v = fmt::s(value.data(RawRole).toString());
    for (const core::ValueAlias &a : m_document->input().rules.valueAliases) {
        if (a.key != k || a.value != v)
            continue;
        const QPointer<ValueAliasDialog> self(this);
        m_analysis->undoStack()->push(new ValueAliasCommand(
            m_document, m_analysis, a, std::nullopt,
            tr("Remove alias %1").arg(fmt::q(core::aliasText(a))), [self](const QString &error) {
                if (self)
                    self->showMessage(tr("Cannot change the aliases: %1").arg(error));
            }));
        return;
    }
}

} // namespace unalloc::ui
