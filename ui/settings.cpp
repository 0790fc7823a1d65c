#include "settings.h"

#include <QCryptographicHash>

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

QString Settings::ledgerPath(const QString &ledger, const char *path)
{
    // A path holds '/' and characters QSettings would escape: the group is a digest of it.
    const QByteArray digest =
        QCryptographicHash::hash(ledger.toUtf8(), QCryptographicHash::Sha256).toHex().left(16);
    return QStringLiteral("ledgers/") + QLatin1String(digest) + QLatin1Char('/') +
           QLatin1String(path);
}

} // namespace unalloc::ui
