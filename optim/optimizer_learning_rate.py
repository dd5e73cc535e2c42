"""An optimizer's learning rate, as Keras 3 keeps it: a float becomes a variable (in floatx), a
``LearningRateSchedule`` or a callable is kept and asked at each step; ``learning_rate`` reads the rate now,
and setting it follows Keras 3's rules and words for what each kind of rate accepts.
"""
import numpy as np
from numpy import ndarray  # (not np.ndarray on hot paths: see backend.py)

from framework import backend, graph_random_ops
from framework.function import is_replaying
from framework.keras.backend import floatx
from framework.ops.shapes import cast
from framework.tensor import Tensor, convert_to_tensor
from framework.variable import Variable
from .arguments import check_number
from .schedules import LearningRateSchedule


class OptimizerLearningRate:
    """The learning-rate methods of Optimizer (a base class of it)."""

    def _set_learning_rate(self, value):
        old = self._learning_rate
        if isinstance(value, LearningRateSchedule) or (callable(value) and not isinstance(value, Tensor)):
            self._learning_rate = value
            if isinstance(old, Variable):
                self._slots.remove_extra('learning_rate')
                # what traces made before read (``_rate_in_effect``); set past the tracker, which would list it again
                object.__setattr__(self, '_float_rate', old)
            return
        if old is None and isinstance(value, Variable):
            # Keras 3 refuses a Variable here (its words, the variable's repr); copying its value would
            # silently stop following later assigns to it, which is what its author expects.
            error = _learning_rate_error(value)
            error.add_note('To follow the variable, pass `lambda: variable`; to start from its value, '
                           'pass `float(variable)`')
            raise error
        if isinstance(old, LearningRateSchedule):     # Keras 3's class and words
            raise TypeError('This optimizer was created with a `LearningRateSchedule` object as its '
                            '`learning_rate` constructor argument, hence its learning rate is not settable. '
                            'If you need the learning rate to be settable, you should instantiate the '
                            'optimizer with a float `learning_rate` argument.')
        if old is not None and not isinstance(old, Variable):
            # Keras 3 calls the callable's assign(): TF's AttributeError, with what to do added
            error = AttributeError("'%s' object has no attribute 'assign'" % type(old).__name__)
            error.add_note('This optimizer was created with a callable as its `learning_rate`, so its learning '
                           'rate is not settable to a number; instantiate the optimizer with a float '
                           '`learning_rate` to set it')
            raise error
        if isinstance(old, Variable):
            # Keras 3 assigns whatever it is given to its float variable: an int, a tensor, a
            # numpy scalar work (a tensor of another dtype is cast, as Keras's convert_to_tensor);
            # a string, None, a vector raise TF's conversion / shape errors
            if isinstance(value, Tensor) and value.dtype != old.dtype:
                value = cast(value, old.dtype)
            old.assign(value)
            return
        if not isinstance(value, float):
            # Keras 3 builds its learning-rate variable only from a Python float (np.float64 is one):
            # SGD(1), SGD(np.float32(0.1)) and SGD(tf.constant(0.1)) raise there; assigning such a
            # value later (optimizer.learning_rate = 1) works, as above
            raise _learning_rate_error(value, 'pass a Python float, e.g. learning_rate=%r' % (_float_or_none(value),))
        check_number(value, 'learning_rate')
        # in floatx, as Keras 3 makes it: a float64 model's rate is not 0.001 rounded to float32
        self._learning_rate = self._slots.add_extra('learning_rate', value, floatx())

    @property
    def learning_rate(self):
        """The current rate: a Variable for a float rate, else the schedule's value at ``iterations``."""
        rate = self._rate_in_effect()
        if isinstance(rate, Variable):
            return rate
        if isinstance(rate, LearningRateSchedule):
            return rate(self._iterations)
        return rate()

    @learning_rate.setter
    def learning_rate(self, value):
        self._set_learning_rate(value)

    def _rate_in_effect(self):
        """The rate object this step follows: ``_learning_rate``, but in a traced step the one its trace saw.
        TF 2.21's graph captures the float variable, schedule or callable when it is traced, so a schedule or
        callable set later serves eager steps at once while a tf.function or Keras train function traced before
        goes on with the old rate (progs/optimtraj17/p5_fnassign.py, p6_fitassign.py). A trace made while the
        rate was a float read its variable on ``_learning_rate_value``'s fast path and kept nothing: its
        replays find that variable in ``_float_rate``."""
        rate = self._learning_rate
        state = graph_random_ops.current()
        if state is None:
            return rate
        key = ('learning_rate', self)
        kept = state.trace_values.get(key)
        if kept is not None:
            return kept
        if is_replaying() and self.__dict__.get('_float_rate') is not None:
            return self._float_rate
        state.trace_values[key] = rate
        return rate

    def _get_current_learning_rate(self):
        """Keras 3's private accessor of the rate now (forum answers print it each epoch under a schedule)."""
        return self.learning_rate

    def _learning_rate_value(self):
        rate = self._learning_rate
        if type(rate) is Variable and type(rate._data) is ndarray:
            return rate._data[()]           # a float rate: its host scalar, as the general path gives
        data = backend.to_host(convert_to_tensor(self.learning_rate)._data)
        if np.size(data) != 1 or data.dtype.kind not in 'fiu':
            raise ValueError('The learning rate must be one real number; the schedule or callable '
                             'returned dtype %s, shape %s' % (data.dtype, np.shape(data)))
        return np.asarray(data).reshape(())[()]


def _float_or_none(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _learning_rate_error(value, note=None):
    """Keras 3's ValueError for a constructor learning rate that is no Python float. Its text shows a
    numpy or tensor float scalar as the Python float it holds (np.float32(0.1) -> 0.10000000149011612)."""
    shown = value          # a Variable shows its repr, as Keras's f-string
    if getattr(value, 'shape', None) == () and hasattr(value, 'dtype') and not isinstance(value, Variable):
        kind = np.asarray(value).dtype.kind
        if kind in 'fiub':
            shown = float(value) if kind == 'f' else bool(value) if kind == 'b' else int(value)
    error = ValueError('Argument `learning_rate` should be float, or an instance of LearningRateSchedule, or a '
                       'callable (that takes in the current iteration value and returns the corresponding '
                       'learning rate value). Received instead: learning_rate=%s' % (shown,))
    if note and _float_or_none(value) is not None:
        error.add_note(note)
    return error
