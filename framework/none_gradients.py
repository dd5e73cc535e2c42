"""Why ``GradientTape.gradient`` returned None for a source.

The tape asks ``explain_nones`` after each sweep; the reasons for variables
are kept (weakly) so that an optimizer's "No gradients provided" error can
repeat them in a note (``none_gradient_reason``). Said as a warning only once
``framework.debugging.explain_none_gradients()`` turns that on: a None gradient
is ordinary TensorFlow behaviour that guides show on purpose (guide/autodiff
prints seven), and TensorFlow prints nothing for it, so ported programs would
print lines TensorFlow's do not.
"""
import itertools
import operator
import warnings
import weakref

from .variable import Variable


class NoneGradientWarning(UserWarning):
    """``gradient()`` returned None for a source; the message says why.

    Off by default (TensorFlow is silent there): turn on with
    ``framework.debugging.explain_none_gradients()``.
    """


EXPLAIN_NONE = [False]      # the switch framework.debugging.explain_none_gradients sets

# id(variable) -> (weak reference to it, the reason its last gradient was None). Keyed by
# id: a WeakKeyDictionary compares keys with ``==``, which is elementwise on variables.
_REASONS = {}
_ALWAYS_NONE = itertools.repeat(None)     # operator.is_'s second argument, for map()


def explain_nones(tape, sources, results, targets):
    """Warn for each source whose result is None; forget older reasons for the others."""
    if not _REASONS and not any(map(operator.is_, results, _ALWAYS_NONE)):
        return      # every source has a gradient and no reason is kept (each training step): nothing to do
    for source, grad in zip(sources, results):
        if grad is None:
            _explain(tape, source, targets)
        elif _REASONS and isinstance(source, Variable):
            _REASONS.pop(id(source), None)      # an older reason no longer holds


def _explain(tape, source, targets):
    """Warn (once per source and call site) why ``source`` got no gradient."""
    name = getattr(source, 'path', None) or 'a %s tensor of shape %s' % (source.dtype.name, tuple(source.shape))
    if source._data.dtype.kind not in 'fc' and source._data.dtype.name != 'bfloat16':
        why = ('it has the integer dtype %s: only floating-point tensors have gradients (make it '
               'a float32 Variable, or cast it to float32 and watch the result)' % source.dtype.name)
    elif id(source) in tape._blocked:
        why = 'it reaches the target only through the non-differentiable op %s' % tape._blocked[id(source)]
    elif id(source) not in tape._tracked:
        if isinstance(source, Variable) and not source.trainable:
            why = 'it is a non-trainable Variable, which tapes do not watch automatically (use tape.watch)'
        elif isinstance(source, Variable):
            why = ('it was never read while this tape was recording (compute the target inside the '
                   '`with GradientTape()` block)')
        else:
            why = ('it is a plain Tensor that this tape never watched: call tape.watch() on it, or keep '
                   'it a Variable (note that `x = x + 1` replaces a Variable by a Tensor; use x.assign_add(1))')
    elif not any(id(t) in tape._tracked for t in targets):
        why = 'the target was not computed from any watched tensor under this tape'
    elif tape._blocked:
        why = ('it reaches the target only through non-differentiable ops (%s)'
               % ', '.join(sorted(set(tape._blocked.values()))))
    else:
        why = 'the target does not depend on it'
    if isinstance(source, Variable):
        _note_reason(source, why)
    if EXPLAIN_NONE[0]:
        warnings.warn('GradientTape.gradient returned None for %s: %s.' % (name, why),
                      NoneGradientWarning, stacklevel=4)


def _note_reason(variable, why):
    key = id(variable)

    def forget(ref, key=key):
        entry = _REASONS.get(key)
        if entry is not None and entry[0] is ref:
            _REASONS.pop(key, None)

    _REASONS[key] = (weakref.ref(variable, forget), why)


def none_gradient_reason(variable):
    """Why the last ``gradient()`` call gave ``variable`` no gradient (None if unknown)."""
    entry = _REASONS.get(id(variable))
    return entry[1] if entry is not None and entry[0]() is variable else None
