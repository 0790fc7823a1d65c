#pragma once

// Shared set-up of the explorer's GUI tests: hermetic settings, a fixed clock and locale, and
// the demo sample imported into a ledger in a temporary directory.
#include "ui/appcontext.h"
#include "ui/demoledger.h"
#include "ui/settings.h"
#include "ui/themecontroller.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

/// Looks up the child of `parent` (a widget, view or window) that has type `Type` and the
/// objectName `name` into a new variable `var`, and fails the test function — naming the type
/// and the objectName — when there is none. GUI tests find every widget this way so that no
/// check can run against a default that a missing or renamed widget would leave behind
/// (an empty value passes `!=`).
#define UI_FIND(var, Type, parent, name)                                                           \
    Type *const var = ::unalloc::ui::test::findNamed<Type>((parent), (name));                      \
    QVERIFY2(var, ::unalloc::ui::test::missing(#Type, (name)).constData())

/// Fails the test function unless `pointer` (a view or model a test reached through an
/// accessor) is set; `what` names it in the failure.
#define UI_REQUIRE(pointer, what) QVERIFY2((pointer) != nullptr, "missing: " what)

namespace unalloc::ui::test {

inline QString objectName(const char *name)
{
    return QString::fromLatin1(name);
}

inline QString objectName(const QString &name)
{
    return name;
}

/// The child of `parent` of type T named `name`, or nullptr (also for a null parent).
template<class T, class Parent, class Name> T *findNamed(const Parent &parent, const Name &name)
{
    return parent ? parent->template findChild<T *>(objectName(name)) : nullptr;
}

/// "no FigureCard named 'figureU'": what a failed lookup says.
template<class Name> QByteArray missing(const char *type, const Name &name)
{
    return QByteArrayLiteral("no ") + type + " named '" + objectName(name).toUtf8() + "'";
}

inline QString demoDir()
{
    return QStringLiteral(UNALLOC_SOURCE_DIR "/resources/demo");
}

/// @brief Everything an explorer widget needs, pinned for tests.
struct TestContext
{
    QTemporaryDir dir;
    QSettings qsettings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    Settings settings{&qsettings};
    ThemeController theme;
    AppContext app;

    TestContext()
    {
        app.settings = &settings;
        app.theme = &theme;
        app.locale = QLocale(QLocale::English, QLocale::UnitedStates);
        app.clock = [] {
            return QDateTime(QDate(2026, 9, 2), QTime(9, 0), QTimeZone::utc());
        };
        theme.setMode(Theme::Mode::Light);
    }
    QString path(const QString &name) const { return dir.filePath(name); }
    std::unique_ptr<core::LedgerStore> demoStore()
    {
        auto store = createDemoLedger(path(QStringLiteral("demo.unalloc")), demoDir());
        return store ? std::move(*store) : nullptr;
    }
};

/// One LiteLLM spend-log row as the proxy writes it (bare model, `custom_llm_provider`), started
/// and ended at `start`; `team` empty = no team_id (unallocated under `team`).
inline QByteArray liteLlmSpendRow(const QByteArray &id,
                                  const QByteArray &spend,
                                  const QByteArray &start,
                                  const QByteArray &team)
{
    QByteArray row = R"({"request_id":")" + id + R"(","spend":")" + spend +
                     R"(","model":"gpt-4o","custom_llm_provider":"openai","startTime":")" + start +
                     R"(","endTime":")" + start + R"("})";
    if (!team.isEmpty())
        row.insert(row.size() - 1, R"(,"team_id":")" + team + "\"");
    return row;
}

} // namespace unalloc::ui::test
