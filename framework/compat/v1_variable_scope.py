"""``tf.compat.v1.get_variable`` and ``variable_scope`` as TF 2.21 runs them eagerly.

TF 1-era programs build their weights with ``tf.get_variable('W1', [784, 256], initializer=...)`` inside
``with tf.variable_scope('layer1'):``. Eagerly TF keeps no variable store: every call makes a new variable
(``reuse`` is always ``AUTO_REUSE`` and shares nothing), named by the variable scopes alone ('layer1/W1:0',
whatever name scope is open), from the scope's initializer or TF 1's default (``glorot_uniform_initializer``
for floats, zeros for integers). A variable scope also opens its name scope, so a ``tf.Variable`` made in it
is 'layer1/v:0'; scopes made from a ``default_name`` are made unique ('dense', 'dense_1')."""
import enum
import inspect
import threading

import framework
from .. import dtypes, name_scopes
from ..tensor import Tensor
from .v1_collections import GraphKeys, Lazy, add_to_collection
from .v1_initializers import Zeros
from .v1_random_initializers import GlorotUniform


class _ReuseMode(enum.Enum):
    AUTO_REUSE = 1


AUTO_REUSE = _ReuseMode.AUTO_REUSE


class VariableScope:
    """A scope's name, the name scope it opened and the defaults its ``get_variable`` calls take."""

    def __init__(self, reuse=None, name='', initializer=None, regularizer=None, caching_device=None,
                 partitioner=None, custom_getter=None, name_scope='', dtype='float32', use_resource=None,
                 constraint=None):
        self._name, self._name_scope = name, name_scope
        self._initializer, self._regularizer, self._constraint = initializer, regularizer, constraint
        self._dtype = dtypes.as_dtype(dtype)
        self._caching_device, self._partitioner, self._custom_getter = caching_device, partitioner, custom_getter

    name = property(lambda self: self._name)
    original_name_scope = property(lambda self: self._name_scope)
    reuse = property(lambda self: AUTO_REUSE, doc='Always AUTO_REUSE eagerly (TF 2.21).')
    initializer = property(lambda self: self._initializer)
    regularizer = property(lambda self: self._regularizer)
    dtype = property(lambda self: self._dtype)
    use_resource = property(lambda self: True)
    constraint = property(lambda self: self._constraint)
    caching_device = property(lambda self: self._caching_device)
    partitioner = property(lambda self: self._partitioner)
    custom_getter = property(lambda self: self._custom_getter)

    def reuse_variables(self):
        """Nothing to do eagerly: scopes reuse as AUTO_REUSE does."""

    def set_initializer(self, initializer):
        self._initializer = initializer

    def set_regularizer(self, regularizer):
        self._regularizer = regularizer

    def set_dtype(self, dtype):
        self._dtype = dtypes.as_dtype(dtype)

    def get_variable(self, var_store, name, shape=None, dtype=None, initializer=None, regularizer=None,
                     reuse=None, trainable=None, collections=None, caching_device=None, partitioner=None,
                     validate_shape=True, use_resource=None, custom_getter=None, constraint=None,
                     synchronization=None, aggregation=None):
        full_name = self._name + '/' + name if self._name else name
        dtype = self._dtype if dtype is None else dtypes.as_dtype(dtype)
        initializer = self._initializer if initializer is None else initializer
        variable = _new_variable(full_name, shape, dtype, initializer, trainable,
                                 self._constraint if constraint is None else constraint)
        regularizer = self._regularizer if regularizer is None else regularizer
        if regularizer is not None and regularizer(variable) is not None:
            add_to_collection(GraphKeys.REGULARIZATION_LOSSES, Lazy(lambda: regularizer(variable)))
        return variable


def _new_variable(name, shape, dtype, initializer, trainable, constraint):
    """A new variable, as TF's variable store makes one eagerly.

    Raises:
        ValueError: no shape to initialize, a shape beside a constant, an initializer that is no callable
            of (shape, dtype) nor of nothing (TF's texts).
    """
    from_value = initializer is not None and (isinstance(initializer, Tensor) or not callable(initializer))
    if shape is not None and from_value:
        raise ValueError('If initializer is a constant, do not specify shape.')
    if initializer is None:
        if shape is None:
            raise ValueError('Variable %s did not get an initializer, so its `shape` argument must be specified.'
                             % name)
        if dtype.is_floating:
            initializer = GlorotUniform()
        elif dtype.is_integer or dtype.is_unsigned or dtype.is_bool or dtype == dtypes.string:
            initializer = Zeros()
        else:
            raise ValueError('An initializer for variable %s of %s is required' % (name, dtype.base_dtype))
    if from_value:
        value, dtype = initializer, None
    else:
        if inspect.isclass(initializer):
            initializer = initializer()
        if shape is not None:
            shape = [int(d) for d in shape]
            value = initializer(shape, dtype=dtype)
        elif not _takes_arguments(initializer):
            value = initializer()
        else:
            raise ValueError('The initializer passed is not valid. It should be a callable with no arguments and '
                             'the shape should not be provided or an instance of `tf.keras.initializers.*\' and '
                             '`shape` should be fully defined.')
    with name_scopes.name_scope(''):      # named by the variable scopes only, not the name scopes open
        return framework.Variable(value, trainable=True if trainable is None else trainable, name=name,
                                  dtype=dtype, constraint=constraint)


def _takes_arguments(function):
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters)


_state = threading.local()


def _stack():
    if not hasattr(_state, 'scopes'):
        _state.scopes, _state.opened = [VariableScope()], {}
    return _state.scopes


def get_variable_scope():
    """The variable scope open now (the root, named '', outside any)."""
    return _stack()[-1]


def get_variable(name, shape=None, dtype=None, initializer=None, regularizer=None, trainable=None,
                 collections=None, caching_device=None, partitioner=None, validate_shape=True, use_resource=None,
                 custom_getter=None, constraint=None, synchronization=None, aggregation=None):
    """A new variable named by the open variable scopes ('scope/name:0'), of ``shape`` from ``initializer``
    (a TF 1 or Keras initializer, a class of one, a tensor or a value), else the scope's or TF 1's default; a ``regularizer``'s
    penalty of it joins ``REGULARIZATION_LOSSES`` (read by ``tf.losses.get_regularization_loss()``)."""
    return get_variable_scope().get_variable(None, name, shape=shape, dtype=dtype, initializer=initializer,
                                             regularizer=regularizer, trainable=trainable, constraint=constraint)


class variable_scope:  # noqa: N801  (TensorFlow's spelling)
    """Context manager that names ``get_variable``'s variables 'name/...' and opens the name scope 'name'.

    Args:
        name_or_scope: a name, or a ``VariableScope`` to enter again.
        default_name: used (made unique: 'dense', 'dense_1') when ``name_or_scope`` is None.
        initializer, regularizer, dtype, constraint: defaults for the variables made inside.
        reuse: accepted; eagerly every scope is AUTO_REUSE and nothing is shared.

    Raises:
        TypeError: neither a name nor a default name (TF's text).
    """

    def __init__(self, name_or_scope, default_name=None, values=None, initializer=None, regularizer=None,
                 caching_device=None, partitioner=None, custom_getter=None, reuse=None, dtype=None,
                 use_resource=None, constraint=None, auxiliary_name_scope=True):
        if name_or_scope is None and default_name is None:
            raise TypeError('If default_name is None then name_or_scope is required')
        self._name_or_scope, self._default_name = name_or_scope, default_name
        self._defaults = dict(initializer=initializer, regularizer=regularizer, dtype=dtype, constraint=constraint,
                              caching_device=caching_device, partitioner=partitioner, custom_getter=custom_getter)
        self._auxiliary_name_scope = auxiliary_name_scope
        self._name_scope = None

    def __enter__(self):
        stack = _stack()
        parent = stack[-1]
        if isinstance(self._name_or_scope, VariableScope):
            name, relative = self._name_or_scope.name, None
            base = self._name_or_scope
        else:
            relative = self._name_or_scope if self._name_or_scope is not None else self._unique(parent)
            name = parent.name + '/' + relative if parent.name else relative
            base = parent
        if not self._auxiliary_name_scope:
            scope_prefix = name_scopes.current()
        elif relative is None:
            scope_prefix = base.original_name_scope
        else:
            self._name_scope = name_scopes.name_scope(relative)
            scope_prefix = self._name_scope.__enter__()
        if relative is None and self._auxiliary_name_scope:     # eagerly under the open name scope ('net/net/')
            self._name_scope = name_scopes.name_scope(name_scopes.current() + scope_prefix)
            scope_prefix = self._name_scope.__enter__()
        settings = {key: getattr(base, key) if value is None else value for key, value in self._defaults.items()}
        scope = VariableScope(name=name, name_scope=scope_prefix, **settings)
        _open(name)
        stack.append(scope)
        return scope

    def __exit__(self, *exc):
        _stack().pop()
        if self._name_scope is not None:
            self._name_scope.__exit__(*exc)
        return False

    def _unique(self, parent):
        """``default_name``, or with the first suffix _1, _2... whose scope has not been opened in ``parent``."""
        prefix = parent.name + '/' if parent.name else ''
        candidate, index = self._default_name, 0
        while _state.opened.get(prefix + candidate, 0):
            index += 1
            candidate = '%s_%d' % (self._default_name, index)
        return candidate


def _open(name):
    """Count the opening of scope ``name``; the scopes under it start counting anew (TF's scope store)."""
    opened = _state.opened
    for key in [key for key in opened if key.startswith(name + '/')]:
        del opened[key]
    opened[name] = opened.get(name, 0) + 1
