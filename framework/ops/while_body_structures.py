"""tf.while_loop's body returning another structure than loop_vars, in a traced function: TF 2.21's while_v2
check of the body's one trace, nest's ValueError over the body's outputs and loop_vars as given:
"The two structures don't have the same nested structure.\n\nFirst structure: type=tuple str=(<tf.Tensor
'while/add:0' ...>,)\n\nSecond structure: type=tuple str=(0, <tf.Tensor 'x:0' ...>) ..." (a loop variable the body
passes through shows as the body's placeholder, 'while/Placeholder_1:0'; a Python 0 given stays 0; lists and
tuples count alike). Eagerly TF's loop words it otherwise (control_flow's checks.same_structure).
"""
from .. import nest
from ..tensor import Tensor


def refusal(result, loop_vars, current):
    """TF 2.21's while_v2 check of the body's one trace: nest's ValueError over the body's outputs (graph tensors;
    a loop variable passed through is the body's placeholder, 'while/Placeholder_1') and loop_vars as given (a
    Python 0 stays 0), lists and tuples alike."""
    from .. import trace_names
    from ..branch_structures import shown_traced      # (late: it imports nest, which imports tensor)
    from ..nest_compare import assert_same_structure
    trace = trace_names.current() if trace_names.ACTIVE else None
    given = _frozen(shown_traced(loop_vars))        # (as named outside the body, before the renaming)
    renamed = []
    if trace is not None:
        outputs = [trace_names.entry_of(t) for t in nest.flatten(result) if isinstance(t, Tensor)]
        scope = next((e[0].rpartition('/')[0] for e in outputs if e is not None and '/' in e[0]), 'while')
        for index, value in enumerate(nest.flatten(current)):
            if isinstance(value, Tensor):
                name = '%s/Placeholder%s' % (scope, '_%d' % index if index else '')
                renamed.append((value, trace.rename_traced(value, name)))
    try:
        made = _frozen(shown_traced(result))
    finally:
        for value, previous in reversed(renamed):
            trace.restore(value, previous)
    assert_same_structure(made, given, check_types=False)


def _frozen(structure):
    """``structure`` with its shown graph tensors' texts fixed now (names change as the trace goes on)."""
    if type(structure) in (list, tuple):
        return type(structure)(_frozen(v) for v in structure)
    if type(structure) is dict:
        return {k: _frozen(v) for k, v in structure.items()}
    if type(structure).__name__ == 'SymbolicTensor':
        return _FrozenTensor(str(structure), repr(structure))
    return structure


class _FrozenTensor:
    def __init__(self, text, representation):
        self.text, self.representation = text, representation

    def __str__(self):
        return self.text

    def __repr__(self):
        return self.representation


_FrozenTensor.__name__ = 'SymbolicTensor'
