"""``Metric``: state that accumulates over batches and a result computed from it (Keras 3).

The state lives in non-trainable ``Variable``s (so checkpoints save it), and
updates add to their raw arrays in place, outside any tape: a metric never
records gradient work, and on a GPU its accumulators stay on the device
until ``result()`` is read.
"""
import numpy as np

from .. import backend, dtypes
from ..errors import OpError
from ..losses.loss import default_dtype
from ..losses.naming import auto_name
from ..object_names import uniquify
from ..variable import Variable

FLOATX = 'float32'


_HOST_AMOUNTS = (np.ndarray, np.float32, np.float64, np.float16, int, float)


def add_to(variable, amount):
    """``variable += amount`` on raw arrays, in place.

    The state follows the data it summarises: if ``amount`` lives on the GPU and
    the variable on the host (the first GPU batch), the variable's few numbers
    move there once. A host amount (a count as a numpy scalar) joins a GPU
    state where it is: moving the state back to the host put R2Score's sample
    count off the device its other variables are on.
    """
    data = variable._data
    if type(data) is np.ndarray and type(amount) in _HOST_AMOUNTS:
        data += amount
        return
    if backend.is_device_array(amount) != backend.is_device_array(data):
        if backend.is_device_array(data):
            amount = backend.array_module(data).asarray(amount)
        else:
            data = variable._data = backend.array_module(amount).asarray(data)
    data += amount


class naming_errors:
    """A context in which an error from the ops a metric uses is re-raised as it is,
    naming the metric in a note (see ``note_metric``)."""

    def __init__(self, metric):
        self.metric = metric

    def __enter__(self):
        return self

    def __exit__(self, kind, err, tb):
        if kind is not None:
            note_metric(self.metric, err)
        return False


def note_metric(metric, err):
    """Name ``metric`` in a note on ``err`` (a TypeError, ValueError or kernel error whose message
    does not name it already). The message stays Keras's / TensorFlow's own: a tutorial that passes
    (N,) labels to a BinaryCrossentropy metric prints Keras's 'Arguments `target` and `output` must
    have the same rank' line as TF 2.21 does."""
    if isinstance(err, (TypeError, ValueError, OpError)) and metric.name not in str(err):
        err.add_note('raised updating metric %r (%s)' % (metric.name, type(metric).__name__))


def _stateless_scope(metric, metric_variables):
    """A keras.StatelessScope mapping the metric's variables to ``metric_variables``, checked as Keras does."""
    from ..keras.stateless_scope import StatelessScope      # (framework.keras imports the metrics)
    if len(metric_variables) != len(metric.variables):
        raise ValueError('Argument `metric_variables` must be a list of tensors corresponding 1:1 to %s().variables. '
                         'Received list with length %d, but expected %d variables.'
                         % (type(metric).__name__, len(metric_variables), len(metric.variables)))
    return StatelessScope(state_mapping=list(zip(metric.variables, metric_variables)))


def _current(scope, variable):
    value = scope.get_current_value(variable)
    return variable if value is None else value


def _tracking_setattr(metric, name, value):
    """A user metric's attribute assignment, tracking Keras Variables and Metrics as Keras 3's Tracker
    does: in the metric's state once, in the order first set (add_variable has tracked its own), also
    those in a list, tuple or dict set whole (items appended later are not seen). A tf.Variable is no
    Keras Variable: Keras leaves it out of the state, and reset_state leaves it alone."""
    if '_metrics' in metric.__dict__:
        _track(metric, value)
    object.__setattr__(metric, name, value)


def _track(metric, value):
    if isinstance(value, Metric):
        if value is not metric and not any(kept is value for kept in metric._metrics):
            metric._metrics.append(value)
    elif isinstance(value, Variable):
        if value._path is not None and not any(kept is value for kept in metric._variables):
            metric._variables.append(value)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _track(metric, item)
    elif isinstance(value, dict):
        for item in value.values():
            _track(metric, item)


class Metric:
    """Base class: subclasses create state with ``add_variable`` and implement
    ``update_state(...)`` and ``result()``.

    Args:
        dtype: the dtype of the state and the result (default ``keras.backend.floatx()`` when made).
        name: the name (default: the class name in snake_case).
    """
    # 'up' / 'down': which way is better (callbacks in 'auto' mode ask); None: unknown.
    _direction = None

    def __init__(self, dtype=None, name=None):
        self.name = name or auto_name(type(self).__name__)
        # Keras 3 reads a metric's dtype as a DTypePolicy and keeps its compute dtype ('mixed_float16':
        # float16), with the policy's errors for anything else
        from ..keras.dtype_policies import get as dtype_policy
        self._dtype = dtype_policy(dtype or default_dtype()).compute_dtype
        self._variables = []
        self._metrics = []      # metrics a subclass keeps as attributes (see _tracking_setattr)

    def __init_subclass__(cls, **kwargs):
        # Keras 3 tracks the Variables and Metrics set as attributes of any metric; tapeflow's own metrics
        # hold none, so only a user's subclass pays for the check on each attribute it sets
        super().__init_subclass__(**kwargs)
        if not cls.__module__.startswith(('framework.', 'layers.')) and '__setattr__' not in cls.__dict__:
            cls.__setattr__ = _tracking_setattr

    @property
    def dtype(self):
        return self._dtype

    @property
    def variables(self):
        """The state variables (non-trainable), in creation order, then those of the metrics kept as
        attributes (Keras 3's order: a composite metric saves, resets and restores its parts)."""
        variables = list(self._variables)       # (first: without Metric.__init__, Keras's AttributeError names it)
        if not self._metrics:
            return variables
        for metric in self._metrics:
            variables.extend(metric.variables)
        return variables

    def add_variable(self, shape, initializer, dtype=None, aggregation='sum', name=None):
        """A non-trainable state variable named '<metric>/<name>' (Keras 3's signature: no defaults).

        Args:
            initializer: any Keras initializer ('zeros', 'glorot_uniform', an instance, a callable
                (shape, dtype)) or an array of the values.
            aggregation: how replicas combine it, Keras's string (default 'sum').
        Raises:
            ValueError: Keras's, for an unknown initializer name or None.
        """
        if '_metrics' not in self.__dict__:
            raise RuntimeError('You forgot to call `super().__init__()` in the `__init__()` method. Go add it!')
        if not isinstance(self.name, str):
            # Keras 3 opens the name scope self.name.replace('/', '>'): Mean(name=3) is Python's AttributeError
            self.name.replace('/', '>')
        dtype = dtypes.numpy_dtype(dtype or default_dtype())    # Keras's Variable default: floatx, whatever the metric's
        # Keras's Variable takes its automatic name ('variable', 'variable_1', ... shared with the layers'
        # unnamed weights) before it checks the shape: the book's add_weight("total", ...) passes 'total' as
        # the shape, and Keras refuses it with a ValueError after using up a name
        name = name or uniquify('variable')
        from layers.input_spec import standardize_shape      # (layers imports the metrics)
        shape = standardize_shape(shape)
        if isinstance(initializer, str) and initializer in ('zeros', 'ones'):
            # A host array: Variable places it on the current default device.
            value = (np.zeros if initializer == 'zeros' else np.ones)(shape, dtype)
        else:
            from layers import initializers
            resolved = initializers.get(initializer)
            if resolved is None:        # Keras's Variable converts the missing initializer as a value
                error = ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                   "to a Tensor.")
                error.add_note('%s.add_variable %r: give an initializer, such as "zeros"' % (type(self).__name__, name))
                raise error
            value = resolved(shape, dtype) if callable(resolved) else np.asarray(resolved, dtype)
        variable = Variable(value, trainable=False, dtype=dtype, name=name)
        variable._name = name       # a Keras variable's name ignores tf.name_scope (tf.Variable took 'outer/total')
        variable._path = '%s/%s' % (self.name, name)    # Keras 3: name 'total', path 'mean/total'
        variable.aggregation, variable.synchronization = aggregation, 'on_read'    # Keras 3's metric variables
        self._variables.append(variable)
        return variable

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        """``add_variable`` under its Keras 2 name, with Keras 3's signature (no aggregation; initializer
        None fails as Keras's does)."""
        return self.add_variable(shape=shape, initializer=initializer, dtype=dtype, name=name)

    def reset_state(self):
        """Zero every state variable, in place (on whatever device it lives), the parts' too."""
        for variable in self.variables:
            variable._data[...] = 0

    def reset_states(self):
        """``reset_state`` under its Keras 2 name (Keras 3 removed it; ported code still calls it)."""
        self.reset_state()

    def update_state(self, *args, **kwargs):
        """Accumulate one batch; subclasses override it."""
        # Keras 3's bare NotImplementedError (empty text); what to do, in a note
        error = NotImplementedError()
        error.add_note('%s must override update_state(...)' % type(self).__name__)
        raise error

    def result(self):
        """The metric's value as a scalar tensor; subclasses override it."""
        # Keras 3's bare NotImplementedError (empty text); what to do, in a note
        error = NotImplementedError()
        error.add_note('%s must override result()' % type(self).__name__)
        raise error

    def __call__(self, *args, **kwargs):
        """``update_state(*args, **kwargs)``, then the ``result()``."""
        # (the usual one or two positional arguments spelled out: a call through *args is not inlined)
        if kwargs or not 0 < len(args) <= 2:
            self.update_state(*args, **kwargs)
        elif len(args) == 2:
            self.update_state(args[0], args[1])
        else:
            self.update_state(args[0])
        return self.result()

    def get_config(self):
        return {'name': self.name, 'dtype': self._dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    # Keras 3's stateless API (a JAX-style loop's): the state passed in and returned as tensors, the
    # metric's own variables left as they were (keras.StatelessScope holds the writes)
    def stateless_update_state(self, metric_variables, *args, **kwargs):
        """``update_state`` on ``metric_variables`` (one tensor per variable); returns the new values."""
        with _stateless_scope(self, metric_variables) as scope:
            self.update_state(*args, **kwargs)
        return [_current(scope, v) for v in self.variables]

    def stateless_result(self, metric_variables):
        """``result()`` of the state ``metric_variables`` (one tensor per variable)."""
        with _stateless_scope(self, metric_variables):
            return self.result()

    def stateless_reset_state(self):
        """The values ``reset_state`` would give the variables, which keep theirs."""
        with _stateless_scope(self, [v.value for v in self.variables]) as scope:
            self.reset_state()
        return [_current(scope, v) for v in self.variables]

    def __repr__(self):
        return '<%s name=%s>' % (type(self).__name__, self.name)

    __str__ = __repr__
