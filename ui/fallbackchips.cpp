#include "fallbackchips.h"

#include "format.h"
#include "widgets/flowlayout.h"

#include <QFrame>
#include <QKeyEvent>
#include <QLineEdit>
#include <QListView>
#include <QSortFilterProxyModel>
#include <QStringListModel>
#include <QToolButton>
#include <QVBoxLayout>
#include <climits>

namespace unalloc::ui {

FallbackChips::FallbackChips(QWidget *parent)
    : QWidget(parent)
    , m_flow(new FlowLayout(this, 4))
    , m_popup(new QFrame(this, Qt::Popup))
    , m_filter(new QLineEdit(m_popup))
    , m_list(new QListView(m_popup))
    , m_moreModel(new QStringListModel(this))
    , m_moreProxy(new QSortFilterProxyModel(this))
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_popup->setObjectName(QStringLiteral("moreKeysPopup"));
    m_popup->setFrameShape(QFrame::StyledPanel);
    m_filter->setObjectName(QStringLiteral("moreKeysFilter"));
    m_filter->setPlaceholderText(tr("Search keys"));
    m_filter->setClearButtonEnabled(true);
    m_list->setObjectName(QStringLiteral("moreKeysList"));
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_moreProxy->setSourceModel(m_moreModel);
    m_moreProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_list->setModel(m_moreProxy);
    auto *box = new QVBoxLayout(m_popup);
    box->setContentsMargins(6, 6, 6, 6);
    box->addWidget(m_filter);
    box->addWidget(m_list);
    connect(m_filter, &QLineEdit::textChanged, m_moreProxy,
            &QSortFilterProxyModel::setFilterFixedString);
    connect(m_filter, &QLineEdit::returnPressed, this, [this] {
        if (m_moreProxy->rowCount() > 0)
            chooseFromMore(m_moreProxy->index(0, 0));
    });
    connect(m_list, &QListView::clicked, this, &FallbackChips::chooseFromMore);
    connect(m_list, &QListView::activated, this, &FallbackChips::chooseFromMore);
}

void FallbackChips::show(const core::LedgerCatalog &catalog,
                         const core::AnalysisRequest &request,
                         const QLocale &locale)
{
    // The chips are rebuilt with every request: keep the keyboard on the chip (or the "more…"
    // button) that had it, so Space on a chip does not drop the focus.
    QString focused;
    for (QToolButton *c : std::as_const(m_chips))
        if (c->hasFocus())
            focused = c->objectName();
    if (m_more && m_more->hasFocus())
        focused = m_more->objectName();
    setFocusProxy(nullptr);
    // A chip's click ends here (clicked → toggled → a new request → show()): the old buttons
    // are still inside their own signal, so they leave the layout now and are deleted once
    // control returns to the event loop — never under their own feet.
    const auto retire = [this](QToolButton *button) {
        m_flow->removeWidget(button);
        button->hide();
        button->setObjectName(QString());
        button->disconnect(this);
        button->deleteLater();
    };
    for (QToolButton *c : std::as_const(m_chips))
        retire(c);
    m_chips.clear();
    if (m_more)
        retire(m_more);
    m_more = nullptr;
    const std::vector<core::KeyCount> offered =
        core::fallbackCandidates(catalog, request.ownerKey, request.fallbacks);
    const size_t chipCount =
        std::max(request.fallbacks.size(), std::min<size_t>(offered.size(), kMaxChips));
    QStringList rest;
    for (size_t i = 0; i < offered.size(); ++i) {
        const core::KeyCount &k = offered[i];
        const QString key = fmt::q(k.key);
        if (i >= chipCount) {
            rest << key;
            continue;
        }
        const int position = request.fallbackPosition(k.key);
        auto *chip = new QToolButton(this);
        chip->setObjectName(QStringLiteral("chip_") + key);
        chip->setCheckable(true);
        chip->setChecked(position > 0);
        chip->setText(position > 0 ? QStringLiteral("%1  %2").arg(position).arg(key) : key);
        chip->setToolTip(
            tr("%1 · %2 of %3 row(s). Click to %4; fallbacks are tried in click order.", nullptr,
               int(std::min<qint64>(catalog.rows, INT_MAX)))
                .arg(key, fmt::count(k.rows, locale), fmt::count(catalog.rows, locale),
                     position > 0 ? tr("remove it")
                                  : tr("add it as fallback %1").arg(request.fallbacks.size() + 1)));
        chip->setFocusPolicy(Qt::StrongFocus);
        connect(chip, &QToolButton::clicked, this, [this, key] { emit toggled(key); });
        m_flow->addWidget(chip);
        m_chips.append(chip);
    }
    m_moreModel->setStringList(rest);
    if (!rest.isEmpty()) {
        m_more = new QToolButton(this);
        m_more->setObjectName(QStringLiteral("moreKeys"));
        m_more->setText(tr("%n more…", nullptr, int(rest.size())));
        m_more->setToolTip(tr("Every other label key of the ledger: search and pick one as the "
                              "next fallback"));
        m_more->setFocusPolicy(Qt::StrongFocus);
        connect(m_more, &QToolButton::clicked, this, &FallbackChips::openMore);
        m_flow->addWidget(m_more);
    }
    // The "Fallbacks" caption's mnemonic lands on the first chip.
    setFocusProxy(m_chips.isEmpty() ? nullptr : m_chips.first());
    if (!focused.isEmpty()) {
        if (auto *again = findChild<QToolButton *>(focused, Qt::FindDirectChildrenOnly))
            again->setFocus(Qt::OtherFocusReason);
    }
    updateGeometry();
}

void FallbackChips::openMore()
{
    if (!m_more)
        return;
    m_filter->clear();
    m_popup->resize(qMax(240, m_more->width()), 280);
    m_popup->move(m_more->mapToGlobal(QPoint(0, m_more->height())));
    m_popup->show();
    m_filter->setFocus();
}

void FallbackChips::chooseFromMore(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    const QString key = index.data().toString();
    m_popup->hide();
    emit toggled(key);
}

QToolButton *FallbackChips::chip(const QString &key) const
{
    for (QToolButton *c : m_chips) {
        if (c->objectName() == QStringLiteral("chip_") + key)
            return c;
    }
    return nullptr;
}

QStringList FallbackChips::keys() const
{
    QStringList out;
    for (QToolButton *c : m_chips)
        out << c->objectName().mid(5);
    return out;
}

QStringList FallbackChips::moreKeys() const
{
    return m_moreModel->stringList();
}

} // namespace unalloc::ui
