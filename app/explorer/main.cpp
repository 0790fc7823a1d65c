// unalloc-explorer: wires the application together; all behaviour lives in unalloc-ui.
#include "core/allocatorarenas.h"
#include "core/hugepages.h"
#include "ui/appcontext.h"
#include "ui/mainwindow.h"
#include "ui/settings.h"
#include "ui/themecontroller.h"
#include "ui/translations.h"
#include "ui/viewgrabber.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QSettings>

#include <cstdio>

using namespace unalloc::ui;

namespace {

QSize parseSize(const QString &text)
{
    const QStringList parts = text.split(QLatin1Char('x'));
    if (parts.size() != 2)
        return {};
    return {parts[0].toInt(), parts[1].toInt()};
}

} // namespace

int main(int argc, char *argv[])
{
    unalloc::core::shareAllocatorArenas();
    unalloc::core::keepFreedMemory(); // freed arrays reused, not faulted in again
    unalloc::core::hugepages::advise();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("unalloc"));
    QApplication::setApplicationName(QStringLiteral("unalloc-explorer"));
    QApplication::setApplicationVersion(QStringLiteral(UNALLOC_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Who owns this month's AI spend?"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption ledger(QStringLiteral("ledger"), QStringLiteral("Open this ledger."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption demo(QStringLiteral("demo"),
                                  QStringLiteral("Open the bundled demo ledger."));
    const QCommandLineOption view(
        QStringLiteral("view"),
        QStringLiteral("Show this view: overview, trends, unallocated, fallback, "
                       "reconciliation, meters, economics, ledger."),
        QStringLiteral("NAME"));
    const QCommandLineOption grab(QStringLiteral("grab"),
                                  QStringLiteral("Render the view offscreen to PNG and exit."),
                                  QStringLiteral("PNG"));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size for --grab."),
                                  QStringLiteral("WxH"), QStringLiteral("1440x900"));
    const QCommandLineOption theme(
        QStringLiteral("theme"), QStringLiteral("light, dark or system."), QStringLiteral("THEME"));
    const QCommandLineOption lang(QStringLiteral("language"), QStringLiteral("en, de or system."),
                                  QStringLiteral("CODE"));
    const QCommandLineOption dimension(
        QStringList{QStringLiteral("D"), QStringLiteral("dimension")},
        QStringLiteral("Owner label key (as `unalloc report`)."), QStringLiteral("KEY"));
    const QCommandLineOption fallback(QStringList{QStringLiteral("f"), QStringLiteral("fallback")},
                                      QStringLiteral("Fallback key, tried in order (repeatable)."),
                                      QStringLiteral("KEY"));
    const QCommandLineOption budget(
        QStringLiteral("budget"),
        QStringLiteral("U target for this run, in percent (as `unalloc report --budget`); the "
                       "ledger's stored budget otherwise (Preferences)."),
        QStringLiteral("PCT"));
    parser.addOptions({ledger, demo, view, grab, size, theme, lang, dimension, fallback, budget});
    parser.process(app);

    QSettings qsettings;
    Settings settings(&qsettings);
    ThemeController themes;
    Translations translations;
    AppContext context;
    context.settings = &settings;
    context.theme = &themes;
    context.translations = &translations;
    const QString language =
        parser.isSet(lang) ? parser.value(lang) : settings.value(keys::language);
    translations.setLanguage(language);
    themes.setMode(Theme::modeFromString(parser.isSet(theme) ? parser.value(theme)
                                                             : settings.value(keys::theme)));
    context.locale = Translations::localeFor(language);
    QLocale::setDefault(context.locale);

    MainWindow window(&context);
    if (parser.isSet(budget)) {
        auto pct = unalloc::core::parseBudgetPct(parser.value(budget).toStdString());
        if (!pct) {
            std::fprintf(stderr, "unalloc-explorer: --budget: %s\n", pct.error().detail.c_str());
            return 64;
        }
        window.budget()->setTargetOverride(*pct);
    }
    if (parser.isSet(dimension) || parser.isSet(fallback))
        window.analysis()->setPreset(parser.value(dimension), parser.values(fallback));
    const bool grabbing = parser.isSet(grab);
    if (grabbing)
        window.analysis()->setRestorer({}); // a grab shows the defaults, not the last session
    if (!grabbing)
        window.restoreWindowState();
    if (parser.isSet(ledger)) {
        if (!window.openLedger(parser.value(ledger)) && grabbing)
            return 1;
    } else if (grabbing || parser.isSet(demo)) {
        window.openDemo(QStringLiteral(":/demo"));
    } else {
        window.openLastLedger(QStringLiteral(":/demo")); // the demo on a first start
    }
    if (grabbing) {
        const QSize wanted = parseSize(parser.value(size));
        if (!wanted.isValid()) {
            std::fprintf(stderr, "unalloc-explorer: --size wants WxH, e.g. 1440x900\n");
            return 64;
        }
        ViewGrabber grabber(&window,
                            parser.isSet(view) ? parser.value(view) : QStringLiteral("overview"),
                            parser.value(grab), wanted);
        return QApplication::exec();
    }
    if (parser.isSet(view))
        window.pinView(parser.value(view)); // over the view the ledger was left in
    window.show();
    return QApplication::exec();
}
