#pragma once

#include "importpreview.h"
#include "ui/models/rowtablemodel.h"

namespace unalloc::ui {

/// @brief One row per file of an import: detected format, source, rows, total, completeness.
class ImportPreviewModel final : public RowTableModel
{
    Q_OBJECT
public:
    enum Column { File, Format, Source, Rows, Duplicates, Total, Status, Warnings, ColumnCount };
    using RowTableModel::RowTableModel;

    void setPreviews(std::vector<FilePreview> previews);
    const std::vector<FilePreview> &previews() const { return m_previews; }
    /// Takes file `row` off the list (a bad file, so that the good ones import).
    void removeFile(int row);

protected:
    int rows() const override { return static_cast<int>(m_previews.size()); }
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    bool isNumeric(int column) const override
    {
        return column == Rows || column == Duplicates || column == Total || column == Warnings;
    }
    QVariant cell(int row, int column, int role) const override;

private:
    std::vector<FilePreview> m_previews;
};

/// @brief Every warning of the previewed files with its location (file, record, field).
class WarningModel final : public RowTableModel
{
    Q_OBJECT
public:
    enum Column { File, Record, Field, Code, Detail, ColumnCount };
    using RowTableModel::RowTableModel;

    void setWarnings(std::vector<core::Warning> warnings);

protected:
    int rows() const override { return static_cast<int>(m_warnings.size()); }
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    bool isNumeric(int) const override { return false; }
    QVariant cell(int row, int column, int role) const override;

private:
    std::vector<core::Warning> m_warnings;
};

} // namespace unalloc::ui
