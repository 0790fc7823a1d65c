#pragma once

#include "analysisview.h"

#include <QString>

#include <functional>
#include <vector>

namespace unalloc::ui {

/// One entry of the sidebar: its `--view` id, its title and how to build it (null = a view
/// another issue will add; shown disabled).
struct ViewInfo
{
    QString id;
    const char *title; ///< untranslated; translate with QCoreApplication::translate("Views", …)
    const char *hint;  ///< one line for the sidebar tooltip
    std::function<AnalysisView *(const ViewContext &, QWidget *)> create;

    QString translatedTitle() const;
    QString translatedHint() const;
};

/// The explorer's views, in sidebar order.
const std::vector<ViewInfo> &registeredViews();
/// The entry with `id`, or null.
const ViewInfo *findView(const QString &id);

} // namespace unalloc::ui
