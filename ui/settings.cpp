#include "settings.h"

namespace unalloc::ui {

void Settings::addRecentFile(const QString &path, int max)
{
    QStringList files = value(keys::recentFiles);
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > max)
        files.removeLast();
    setValue(keys::recentFiles, files);
}

} // namespace unalloc::ui
