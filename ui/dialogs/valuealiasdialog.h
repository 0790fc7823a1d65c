#pragma once

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace unalloc::ui {

class AnalysisController;
class LedgerDocument;
class ValueAliasModel;
struct AppContext;

/// @brief Ledger → Value aliases…: the ledger's label value aliases with the dollars each moves
/// in the period shown; add and remove are undoable changes of the ledger (Edit → Undo).
class ValueAliasDialog final : public QDialog
{
    Q_OBJECT
public:
    ValueAliasDialog(AppContext *app,
                     LedgerDocument *document,
                     AnalysisController *analysis,
                     QWidget *parent = nullptr);

    ValueAliasModel *model() const { return m_model; }
    /// Adds (or retargets) the alias key=value → target; false with the reason shown when
    /// the text is not one.
    bool addAlias(const QString &key, const QString &value, const QString &target);
    /// Removes the alias in model row `row`.
    void removeAlias(int row);

private:
    void refresh();
    void showMessage(const QString &text);

    AppContext *m_app;
    LedgerDocument *m_document;
    AnalysisController *m_analysis;
    ValueAliasModel *m_model;
    QTableView *m_table;
    QComboBox *m_key;
    QLineEdit *m_value;
    QLineEdit *m_target;
    QPushButton *m_add;
    QPushButton *m_remove;
    QLabel *m_message;
};

} // namespace unalloc::ui
