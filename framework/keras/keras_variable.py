"""``keras.Variable``: Keras 3's variable, made as Keras makes it and checked as Keras checks it.

tapeflow has one Variable class for TensorFlow's variables and Keras's; a Keras one is a Variable
with a Keras path (as a layer's ``add_weight`` gives), so it names itself as Keras does
(``<Variable path=variable, ...>``, name 'variable' without ':0') and its ``value`` is a property.
``keras.Variable(...)`` therefore builds a plain Variable, and ``isinstance(x, keras.Variable)``
holds for Keras's variables (layer, metric and optimizer weights) but not for ``tf.Variable(...)``,
as on TensorFlow: instances stay exactly ``framework.Variable``, which tapes test for by type.
"""
from framework import dtypes
from framework.variable import Variable as _Variable
from framework.tensor import Tensor as _Tensor

from . import backend as _backend


_AGGREGATIONS = (None, 'none', 'mean', 'sum', 'only_first_replica')
_SYNCHRONIZATIONS = (None, 'none', 'on_read', 'on_write', 'auto')


def _check_choice(argument, value, choices):
    if value not in choices:             # Keras 3's words
        raise ValueError('Invalid value for argument `%s`. Expected one of %s. Received: %s=%s'
                         % (argument, ', '.join('`None`' if c is None else "`'%s'`" % c for c in choices),
                            argument, value))


class _KerasVariableType(type):
    def __instancecheck__(cls, instance):
        return isinstance(instance, _Variable) and instance._path is not None

    def __call__(cls, initializer, shape=None, dtype=None, trainable=True, autocast=True, aggregation='none',
                 synchronization='auto', name=None, **ignored):
        # (Keras 3.15 takes and drops unknown keywords: keras.Variable(x, constraint=...) builds, with no constraint)
        from layers import initializers, naming
        if not name:          # Keras 3 (name or auto_name, so '' too): 'variable', 'variable_1', ... shared with add_weight
            name = naming.unique_name('variable')
        if not isinstance(name, str) or '/' in name:     # Keras 3 refuses a name of another type in these words
            raise ValueError("Argument `name` must be a string and cannot contain character `/`. Received: name=%s"
                             % (name,))
        if dtype is not None:
            try:        # (Keras's standardize_dtype: 'int' and int are int64, float is float32)
                dtype = dtypes.as_dtype(_backend.standardize_dtype(dtype))
            except (TypeError, ValueError):
                raise ValueError('Invalid dtype: %s' % (dtype,)) from None      # Keras 3's words
        if initializer is None:          # Keras 3 converts it to a tensor: TF's conversion words
            error = ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                               'to a Tensor.')
            error.add_note('keras.Variable %r: give an initial value, or an initializer and shape=(...)' % (name,))
            raise error
        if isinstance(initializer, str):
            initializer = initializers.get(initializer)
        if callable(initializer) and not isinstance(initializer, _Variable):
            if shape is None:
                error = ValueError('When creating a Variable from an initializer, the `shape` argument should be '
                                   'specified. Received: initializer=%s and shape=None' % (initializer,))
                error.add_note('keras.Variable %r: give shape=(...) for the initializer to fill' % (name,))
                raise error
            dtype = dtypes.as_dtype(_backend.standardize_dtype(dtype))
            # Keras's _validate_shape before the initializer runs: standardize_shape's words ("Cannot convert
            # '(-1,)' to a shape. Negative dimensions are not allowed."), then its None check
            from layers.input_spec import standardize_shape
            shape = standardize_shape(shape)
            if None in shape:
                raise ValueError("Shapes used to initialize variables must be fully-defined (no `None` dimensions). "
                                 "Received: shape=%s for variable path='%s'" % (shape, name))
            value = initializer(tuple(shape), dtype=dtype)
        else:
            value = initializer
            if dtype is not None and not isinstance(value, _Tensor) \
                    and dtypes.as_dtype(_backend.standardize_dtype(dtype)).name.startswith(('int', 'uint', 'bool')):
                # Keras's convert_to_tensor for an int / bool dtype converts without it, then casts (TF's
                # conversion would refuse 1.5 for int32): keras.Variable(1.5, dtype='int32') holds 1
                from framework.variable import _keras_cast
                cast = _keras_cast(value, dtypes.numpy_dtype(_backend.standardize_dtype(dtype)))
                value = value if cast is None else cast
        _check_choice('aggregation', aggregation, _AGGREGATIONS)
        _check_choice('synchronization', synchronization, _SYNCHRONIZATIONS)
        variable = _Variable(value, trainable=trainable, name=name, dtype=dtype, shape=shape)
        # Keras 3's strings, None read as its defaults
        variable.aggregation, variable.synchronization = aggregation or 'none', synchronization or 'auto'
        variable._name = name     # Keras 3 names ignore tf.name_scope
        from layers import call_context
        variable._path = '/'.join(call_context.enclosing_names(None) + [name])   # keras.name_scope blocks open
        return variable


class Variable(metaclass=_KerasVariableType):
    """``keras.Variable(initializer, shape=None, dtype=None, trainable=True, autocast=True,
    aggregation='none', synchronization='auto', name=None)``.

    Args:
        initializer: a value (array, tensor, number), or an initializer (a name such as 'zeros', an
            instance, or a callable ``(shape, dtype)``) together with ``shape``.
        dtype: default floatx() for an initializer; the value's own dtype for a value.
    Returns:
        a framework.Variable with Keras's name and path.
    Raises:
        ValueError: an initializer without ``shape``; a value whose shape differs from ``shape``;
            a name with '/'.
    """
