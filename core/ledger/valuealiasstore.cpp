// SqliteLedger's label value aliases (schema v5 table value_aliases).
#include "sqliteledger.h"

namespace unalloc::core {

Result<std::vector<ValueAlias>> SqliteLedger::valueAliases() const
{
    if (m_version < 5)
        return std::vector<ValueAlias>{}; // a v4 file opened read-only: no table, no aliases
    auto st = m_db.prepare("SELECT key, value, target FROM value_aliases ORDER BY key, value");
    if (!st)
        return fail(st.error());
    std::vector<ValueAlias> out;
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        out.push_back({st->text(0), st->text(1), st->text(2)});
    }
    return out;
}

Result<void> SqliteLedger::setValueAlias(const ValueAlias &alias)
{
    if (auto w = checkWritable("change the value aliases"); !w)
        return w;
    if (alias.key.empty() || alias.value.empty() || alias.target.empty())
        return fail("bad-alias", "a value alias needs a key, a value and a target value");
    if (alias.value == alias.target)
        return fail("bad-alias", "the alias maps '" + alias.value + "' to itself");
    auto st = m_db.prepare("INSERT INTO value_aliases(key, value, target) VALUES (?1, ?2, ?3) "
                           "ON CONFLICT(key, value) DO UPDATE SET target = excluded.target");
    if (!st)
        return fail(st.error());
    st->bind(1, alias.key);
    st->bind(2, alias.value);
    st->bind(3, alias.target);
    return st->exec();
}

Result<bool> SqliteLedger::removeValueAlias(const std::string &key, const std::string &value)
{
    if (auto w = checkWritable("change the value aliases"); !w)
        return fail(w.error());
    auto st = m_db.prepare("DELETE FROM value_aliases WHERE key = ?1 AND value = ?2");
    if (!st)
        return fail(st.error());
    st->bind(1, key);
    st->bind(2, value);
    if (auto r = st->exec(); !r)
        return fail(r.error());
    return m_db.changes() > 0;
}

} // namespace unalloc::core
