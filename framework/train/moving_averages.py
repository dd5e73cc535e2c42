"""``tf.train.ExponentialMovingAverage``: shadow variables that trail the variables they average."""
from ..keras_repr import default_repr
from ..variable import Variable


class ExponentialMovingAverage:
    """Keeps ``shadow = shadow - (1 - decay) * (shadow - variable)`` for each applied variable.

    With ``num_updates`` (a step count), the decay used is ``min(decay, (1 + n) / (10 + n))``,
    so early averages move faster, as in TensorFlow.

    Args:
        decay: a float in [0, 1].
        num_updates: None, an int, or an integer Variable read at each ``apply``.
        zero_debias: not supported by tapeflow (raises ValueError if True).
        name: the suffix of the shadow variables' names.
    """

    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, decay, num_updates=None, zero_debias=False, name='ExponentialMovingAverage'):
        decay = float(decay)
        if not 0.0 <= decay <= 1.0:
            raise ValueError('ExponentialMovingAverage: decay must be in [0, 1], got %r' % decay)
        if zero_debias:
            raise ValueError('ExponentialMovingAverage: zero_debias=True is not supported by tapeflow; '
                             'pass zero_debias=False')
        self._decay = decay
        self._num_updates = num_updates
        self._name = name
        self._averages = {}       # id(variable) -> (variable, shadow)

    @property
    def name(self):
        return self._name

    def _current_decay(self):
        if self._num_updates is None:
            return self._decay
        n = float(getattr(self._num_updates, 'numpy', lambda: self._num_updates)())
        return min(self._decay, (1.0 + n) / (10.0 + n))

    def apply(self, var_list=None):
        """Create shadows (first at the variable's value) for new variables, then update every
        shadow in ``var_list``. Returns None (TensorFlow's eager result).

        Raises:
            TypeError: an item that is not a float Variable.
        """
        var_list = list(var_list) if var_list is not None else []
        for variable in var_list:
            if not isinstance(variable, Variable) or not variable.dtype.is_floating:
                raise TypeError('ExponentialMovingAverage.apply: expected float Variables, got %r' % (variable,))
        decay = self._current_decay()
        for variable in var_list:
            if id(variable) not in self._averages:
                shadow = Variable(variable._data.copy(), trainable=False, name=self.average_name(variable))
                self._averages[id(variable)] = (variable, shadow)
            shadow = self._averages[id(variable)][1]
            shadow._data -= (1.0 - decay) * (shadow._data - variable._data)     # in place, like TF's assign_sub
        return None

    def average(self, var):
        """The shadow Variable of ``var``, or None when ``apply`` never saw it."""
        entry = self._averages.get(id(var))
        return entry[1] if entry is not None and entry[0] is var else None

    def average_name(self, var):
        """The shadow's name: '<variable name>/<ema name>' ('v/ExponentialMovingAverage')."""
        return '%s/%s' % (var.name.split(':')[0], self._name)
