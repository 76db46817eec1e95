"""A d20 ``Roller`` whose explosions and rerolls run in linear time
(used by :mod:`core.dice.rolls`, which passes the d20 modules it loaded)."""

from __future__ import annotations

from typing import Any


def linear_roller(d20_module: Any, expression: Any) -> type:
    """A d20 ``Roller`` whose explode (``e``) and reroll (``rr``) with value
    selectors look only at the dice just rolled, as the dice already seen
    cannot change: d20's own loop scans the whole set each round (quadratic;
    ``1d1000e>1`` took 120 ms). Dice are handled in throw order, so a seed
    gives one result."""

    def picks(sels, die) -> bool:
        value = die.total
        return any(value < s.num if s.cat == "<" else value > s.num if s.cat == ">" else value == s.num for s in sels)

    def explode(op, target) -> None:
        fresh = [d for d in target.keptset if picks(op.sels, d)]
        while fresh:
            start = len(target.values)
            for die in fresh:
                die.explode()
                target.roll_another()
            fresh = [d for d in target.values[start:] if picks(op.sels, d)]

    def reroll(op, target) -> None:
        todo = [d for d in target.keptset if picks(op.sels, d)]
        while todo:
            for die in todo:
                die.reroll()
            todo = [d for d in todo if picks(op.sels, d)]

    loops = {"e": explode, "rr": reroll}

    class LinearRoller(d20_module.Roller):
        def _eval_operatedset(self, node):
            target = self._eval(node.value)
            for op in node.operations:
                the_op = expression.SetOperator.from_ast(op)
                loop = loops.get(the_op.op)
                if loop is not None and isinstance(target, expression.Dice) and all(s.cat in (None, "<", ">") for s in the_op.sels):
                    loop(the_op, target)
                else:
                    the_op.operate(target)
                target.operations.append(the_op)
            return target

    return LinearRoller
