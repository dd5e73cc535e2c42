"""An optimizer's hyper-parameters as a traced step sees them.

Keras 3 reads an optimizer's hyper-parameters (``beta_1``, ``epsilon``, ``momentum``, ``nesterov``,
``rho``, ``clipnorm``, ``weight_decay``, ``ema_overwrite_frequency``, ...) as Python numbers while
TensorFlow traces the step, so they are constants of the graph: set one between two calls of a
tf.function step, or from a callback during fit (Keras keeps its train function across fit calls),
and TF 2.21 goes on with the traced value, where an eager step takes the new one at once
(notes/progs/optimtraj19/p1_hyper.py). Only the learning rate reaches a traced step, being a
variable that the setter assigns (a schedule set later: optimizer_learning_rate._rate_in_effect).

tapeflow runs a traced step's Python on every call, so ``as_traced`` records the hyper-parameters in
the trace's ``trace_values`` when the trace first applies gradients and, around each later call's
apply, lets the optimizer hold them; afterwards it gets its own values back. Eagerly it does nothing.
"""
import operator
import weakref

from framework import graph_random_ops

from .live_hyperparameters import refuse_traced_option_tests
from .merge_call_in_cond import refuse_merge_call_in_cond

# The base class's options: None is a setting there ("no clipping") that a trace keeps too. Elsewhere
# None stays live, as a custom optimizer may fill a None attribute in its build().
BASE_OPTIONS = frozenset({'weight_decay', 'clipnorm', 'clipvalue', 'global_clipnorm', 'use_ema', 'ema_momentum',
                          'ema_overwrite_frequency', 'loss_scale_factor', 'gradient_accumulation_steps'})
_NUMBERS = (int, float, bool)
_LIVE = frozenset({'built'})        # state the optimizer keeps, not a setting
_ABSENT = object()
_KEY = 'optimizer hyperparameters'     # trace_values[_KEY]: {optimizer: what its trace saw}


class _KeptPerOptimizer(weakref.WeakKeyDictionary):
    """{optimizer: (its hyper-parameters as the trace saw them, an itemgetter of their names)}, held weakly.
    A model saved with pickle (tf.saved_model.save) carries its steps' traces: this pickles empty, as weak
    references cannot be pickled, and the trace records the optimizer's values afresh on its next apply."""

    def __reduce__(self):
        return type(self), ()


def hyperparameters(optimizer):
    """{name: value} of the optimizer's public Python-number attributes (and the base options left None)."""
    return {name: value for name, value in vars(optimizer).items()
            if (type(value) in _NUMBERS and name[0] != '_' and name not in _LIVE)
            or (value is None and name in BASE_OPTIONS)}


def _read(read, attributes):
    try:
        return read(attributes)
    except KeyError:        # (an attribute deleted since the trace)
        return _ABSENT


class as_traced:
    """``with as_traced(optimizer):`` around one apply. In a traced call the first apply records the
    hyper-parameters for the trace (the values are live then); later calls of that trace hold them
    for the apply's duration."""
    __slots__ = ('_optimizer', '_variables', '_live')

    def __init__(self, optimizer, variables=None):
        self._optimizer = optimizer
        self._variables = variables         # (built on before a refusal, as Keras's apply builds first)
        self._live = None

    def __enter__(self):
        state = graph_random_ops.current()
        if state is None:
            return self
        optimizer = self._optimizer
        # (a traced update in a cond that MirroredStrategy's merge_call refuses: merge_call_in_cond.py)
        refuse_merge_call_in_cond(optimizer, self._variables)
        # (held weakly: an optimizer made and dropped in each call must die with it, as
        # later_trace_variables' singleton check expects of the variables the trace made)
        traced = state.trace_values.get(_KEY)
        if traced is None:
            traced = state.trace_values[_KEY] = _KeptPerOptimizer()
        kept = traced.get(optimizer)
        attributes = vars(optimizer)
        if kept is None:
            refuse_traced_option_tests(optimizer)     # (a variable clip option: live_hyperparameters.py)
            values = hyperparameters(optimizer)
            read = operator.itemgetter(*values) if values else None
            traced[optimizer] = (values, read)
            return self
        values, read = kept
        # (every fit step passes here: C-level reads and a compare when nothing was set since the trace)
        if read is None or _read(read, attributes) == read(values):
            return self
        self._live = {name: attributes.get(name, _ABSENT) for name in values}
        attributes.update(values)
        return self

    def __exit__(self, *exc):
        live, self._live = self._live, None
        if live:
            attributes = vars(self._optimizer)
            for name, value in live.items():
                if value is _ABSENT:
                    attributes.pop(name, None)
                else:
                    attributes[name] = value
        return False
