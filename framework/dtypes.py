"""TensorFlow's DType objects, mapped onto numpy dtypes, and the conversion rules.

``tf.float32`` is one interned ``DType`` that prints as TensorFlow's
(``<dtype: 'float32'>``, repr ``tf.float32``) and compares equal to the numpy
dtype, the numpy type and the name it stands for. numpy and cupy accept a DType
wherever they take a dtype: it carries the numpy dtype as ``.dtype``, which
``np.dtype()`` reads. Internally arrays keep plain numpy dtypes
(``x._data.dtype``); ``numpy_dtype`` normalises any spelling to one.

Python floats become float32 and Python ints int32, as in TensorFlow; numpy
arrays keep the dtype they have (float64 stays float64).
"""
import builtins

import numpy as np

# TensorFlow's DataType enum (types.proto), for ``as_datatype_enum``.
_ENUMS = {'float32': 1, 'float64': 2, 'int32': 3, 'uint8': 4, 'int16': 5, 'int8': 6, 'string': 7,
          'complex64': 8, 'int64': 9, 'bool': 10, 'uint16': 17, 'complex128': 18, 'float16': 19,
          'uint32': 22, 'uint64': 23, 'bfloat16': 14}
_NAME_OF_ENUM = {enum: name for name, enum in _ENUMS.items()}


class DType:
    """A tensor element type, as TensorFlow's ``tf.dtypes.DType``.

    Get one with ``tf.as_dtype(x)`` or as ``tf.float32``, ``tf.int32``, ...;
    there is exactly one object per dtype, so ``is`` works as ``==`` does.
    """
    __slots__ = ('_name', 'dtype', '_hash')
    _TF_CLASS = "<class 'tensorflow.python.framework.dtypes.DType'>"      # as TF's conversion errors name it

    def __new__(cls, type_enum):
        """``DType(1)`` is ``tf.float32``: TensorFlow's constructor takes a DataType enum."""
        name = None
        if isinstance(type_enum, (int, np.integer)) and not isinstance(type_enum, (builtins.bool, np.bool_)):
            name = _NAME_OF_ENUM.get(int(type_enum))
        if name is None:
            raise TypeError('DType: %r is not the DataType enum of a supported dtype (1 is float32, 3 int32, '
                            '...); use framework.as_dtype to convert a name or numpy dtype' % (type_enum,))
        return _BY_NAME[name]

    @classmethod
    def _make(cls, name, numpy_dtype):
        self = object.__new__(cls)
        self._name = name
        self.dtype = numpy_dtype          # what np.dtype(a_DType) reads
        self._hash = hash(numpy_dtype)    # equal to its numpy dtype, so hashes agree with it
        return self

    @property
    def name(self):
        return self._name

    @property
    def as_numpy_dtype(self):
        """The numpy scalar type: ``np.float32`` for float32, ``object`` for string."""
        return object if self is string else self.dtype.type

    @property
    def as_datatype_enum(self):
        return _ENUMS[self._name]

    @property
    def size(self):
        """Bytes per element (0 for string, as in TensorFlow)."""
        return 0 if self is string else self.dtype.itemsize

    @property
    def is_floating(self):
        return self.dtype.kind == 'f' or self is _BY_NAME.get('bfloat16')

    @property
    def is_integer(self):
        return self.dtype.kind in 'iu'

    @property
    def is_unsigned(self):
        return self.dtype.kind == 'u'

    @property
    def is_complex(self):
        return self.dtype.kind == 'c'

    @property
    def is_bool(self):
        return self.dtype.kind == 'b'

    @property
    def is_numeric(self):
        return self.dtype.kind in 'fiuc'

    @property
    def is_quantized(self):
        return False                      # no quantized types here

    @property
    def base_dtype(self):
        return self                       # no reference dtypes in eager TensorFlow 2

    @property
    def real_dtype(self):
        """float32 for complex64, float64 for complex128, else itself."""
        if self.dtype.kind == 'c':
            return _BY_NUMPY[np.dtype(np.float32 if self.dtype == np.complex64 else np.float64)]
        return self

    @property
    def min(self):
        return self._limit('min')

    @property
    def max(self):
        return self._limit('max')

    @property
    def limits(self):
        """Image intensity limits (0, max) of TF's ``dtype_range``: (0, 1) for float32 / float64, (0, 255)
        for uint8; other dtypes (float16, strings, ...) have none (TF's ValueError)."""
        ranges = {'bool': True, 'uint8': 255, 'uint16': 65535, 'int8': 127, 'int16': 32767, 'int32': 2 ** 31 - 1,
                  'int64': 2 ** 63 - 1, 'uint32': 2 ** 32 - 1, 'uint64': 2 ** 64 - 1, 'float32': 1, 'float64': 1}
        if self._name not in ranges:
            raise ValueError('%s does not have defined limits.' % (self,))
        return 0, ranges[self._name]

    def _limit(self, which):
        kind = self.dtype.kind
        if kind == 'f':
            return getattr(np.finfo(self.dtype), which)
        if self.is_floating:                  # bfloat16: numpy's finfo does not know it, ml_dtypes' does
            import ml_dtypes
            return getattr(ml_dtypes.finfo(self.dtype), which)
        if kind in 'iu':
            return int(getattr(np.iinfo(self.dtype), which))
        # TF 2.21's words (tf.string.max, tf.bool.min, tf.complex64.max)
        error = TypeError('Cannot find %s value of %s with type %s.'
                          % ('minimum' if which == 'min' else 'maximum', self, self))
        error.add_note('only floating-point and integer dtypes have a %s' % which)
        raise error

    def is_compatible_with(self, other):
        return self == other

    def __eq__(self, other):
        # As TensorFlow: whatever as_dtype reads compares by dtype ('float32', np.float32,
        # np.dtype('float32'), float, bool, object); ``int`` names no dtype there, nor here.
        if other is self:
            return True
        if type(other) is DType or other is None or other is int:
            return False
        try:
            return as_dtype(other) is self
        except (TypeError, ValueError):
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return self._hash

    def __str__(self):
        return "<dtype: '%s'>" % self._name

    def __repr__(self):
        return 'tf.' + self._name

    def __reduce__(self):
        return as_dtype, (self._name,)    # unpickles to the interned object


float16 = half = DType._make('float16', np.dtype('float16'))
float32 = DType._make('float32', np.dtype('float32'))
float64 = double = DType._make('float64', np.dtype('float64'))
int8 = DType._make('int8', np.dtype('int8'))
int16 = DType._make('int16', np.dtype('int16'))
int32 = DType._make('int32', np.dtype('int32'))
int64 = DType._make('int64', np.dtype('int64'))
uint8 = DType._make('uint8', np.dtype('uint8'))
uint16 = DType._make('uint16', np.dtype('uint16'))
uint32 = DType._make('uint32', np.dtype('uint32'))
uint64 = DType._make('uint64', np.dtype('uint64'))
bool = DType._make('bool', np.dtype('bool'))          # noqa: A001  (TensorFlow's name)
complex64 = DType._make('complex64', np.dtype('complex64'))
complex128 = DType._make('complex128', np.dtype('complex128'))
string = DType._make('string', np.dtype('object'))    # string tensors hold UTF-8 bytes in object arrays

_ALL = (float16, float32, float64, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
        bool, complex64, complex128, string)
# Tensor.dtype reads this once per access: a dict lookup keyed by the array's numpy dtype.
_BY_NUMPY = {d.dtype: d for d in _ALL}
_BY_NAME = {d.name: d for d in _ALL}
_BY_NAME.update(half=float16, double=float64)


def _bfloat16():
    """``tf.bfloat16``, made on first use: numpy has no bfloat16, the ml_dtypes package (which
    TensorFlow itself depends on) adds it, and importing it costs about half a second."""
    made = _BY_NAME.get('bfloat16')
    if made is None:
        try:
            import ml_dtypes
        except ImportError:
            raise TypeError("bfloat16 needs the ml_dtypes package (TensorFlow's own bfloat16 type for numpy); "
                            'install it with `pip install ml_dtypes`') from None
        made = DType._make('bfloat16', np.dtype(ml_dtypes.bfloat16))
        _BY_NAME['bfloat16'] = made
        _BY_NUMPY[made.dtype] = made
        _KERAS_NAMES[made.dtype] = KerasDTypeName('bfloat16')
    return made


class KerasDTypeName(str):
    """A dtype's name as a Keras 3 variable reports it ('float32', a str) that also
    answers DType's questions (``.name``, ``.is_floating``, ...): a layer's weight is
    a Keras variable and a tapeflow tensor at once, and tensor code reads ``dtype.name``."""
    __slots__ = ()

    def _dtype(self):
        return _BY_NAME[str.__str__(self)]      # a plain str key: self's own __eq__ would recurse

    def __eq__(self, other):
        return self._dtype() == other      # == np.float32 too, as tapeflow tensors' dtypes

    def __ne__(self, other):
        return not self._dtype() == other

    __hash__ = str.__hash__

    def __getattr__(self, attribute):
        try:
            return getattr(self._dtype(), attribute)
        except AttributeError:
            raise AttributeError('dtype name %r has no attribute %r' % (str(self), attribute)) from None


_KERAS_NAMES = {d.dtype: KerasDTypeName(d.name) for d in _ALL}


def keras_name(numpy_dtype):
    """The dtype of an array as a Keras 3 variable's ``.dtype`` gives it: 'float32'."""
    try:
        return _KERAS_NAMES[numpy_dtype]
    except KeyError:
        return KerasDTypeName(of_numpy(numpy_dtype).name)


def of_numpy(numpy_dtype):
    """The DType of an array's numpy dtype (strings and bytes are ``string``)."""
    try:
        return _BY_NUMPY[numpy_dtype]
    except KeyError:
        pass
    if numpy_dtype.kind in 'USO':
        return string
    if numpy_dtype.name == 'bfloat16':
        return _bfloat16()
    try:
        return _BY_NAME[numpy_dtype.name]           # e.g. a non-native byte order '>f4'
    except KeyError:
        raise TypeError('numpy dtype %s has no TensorFlow dtype; use one of %s'
                        % (numpy_dtype, ', '.join(sorted(_BY_NAME)))) from None


_C_NAMES = {'float': 'float32'}      # ('double' and 'half' are in _BY_NAME already)


def as_dtype(dtype):
    """The DType for a DType, a name ('float32'), a numpy type or dtype, or float/int/bool.

    Returns None for None (no dtype requested).
    Raises:
        TypeError: for something that names no dtype.
    """
    if dtype is None or type(dtype) is DType:
        return dtype
    if isinstance(dtype, str):
        try:
            return _BY_NAME[dtype]
        except KeyError:
            if dtype == 'bfloat16':
                return _bfloat16()
            if dtype in _C_NAMES:          # TF's _STRING_TO_TF also takes the C type names
                return _BY_NAME[_C_NAMES[dtype]]
            raise _not_a_dtype(dtype, 'expected one of %s' % ', '.join(sorted(_BY_NAME))) from None
    if dtype is float:          # TF's _PYTHON_TO_TF: float, bool and object; int names no dtype there
        return float32
    if isinstance(dtype, type) and dtype in _NOT_TF_DTYPES:      # (np.dtype('int64') == int)
        raise _not_a_dtype(dtype, "TensorFlow reads float, bool and object, not %s: say e.g. 'int32'"
                                  % dtype.__name__)
    if isinstance(dtype, _ENUM_SPELLINGS):
        # TensorFlow looks a value up among DataType enums first, by hash: tf.zeros(1, 1) is
        # float32, and so are True and 1.0 (== 1); np.int64(2) is float64 (2), np.int64(99) int64.
        name = _NAME_OF_ENUM.get(dtype)
        if name is not None:
            return as_dtype(name)
    try:
        return of_numpy(np.dtype(dtype))
    except (TypeError, ValueError):       # ValueError: numpy on an object whose .dtype is no dtype
        if isinstance(dtype, np.ndarray):     # TF's as_dtype reads an array's dtype: tf.cast(x, np.array([1])) is int64
            return of_numpy(dtype.dtype)
        raise _not_a_dtype(dtype, "use e.g. framework.float32 or 'float32'") from None


_ENUM_SPELLINGS = (int, float, np.integer, np.floating)      # bool is an int

# Python types TensorFlow 2.21's as_dtype refuses (numpy reads them, so they are refused before it)
_NOT_TF_DTYPES = (int, complex, str, bytes)

# Keras 3.15's PYTHON_DTYPES_MAP on the TF backend: the dtype a Python type names in Keras
_KERAS_PYTHON_DTYPES = {bool: 'bool', int: 'int64', float: 'float32', str: 'string', complex: 'complex128'}


def as_keras_dtype(dtype):
    """``as_dtype`` for Keras 3's entry points (standardize_dtype, add_weight, keras.ops): Keras
    knows no DataType enums, so there a number names no dtype."""
    if isinstance(dtype, _ENUM_SPELLINGS):
        raise _not_a_dtype(dtype, "Keras takes a dtype's name, e.g. 'float32'")
    if isinstance(dtype, type) and dtype in _KERAS_PYTHON_DTYPES:     # Keras's PYTHON_DTYPES_MAP, on TF
        return _BY_NAME[_KERAS_PYTHON_DTYPES[dtype]]
    if isinstance(dtype, type) and dtype in (object, bytes):          # Keras reads them by name: not dtypes
        raise _not_a_dtype(dtype, "Keras takes a dtype's name, e.g. 'string'")
    if type(dtype) is str and dtype in _C_TYPE_NAMES:   # TF's as_dtype takes them; Keras's ALLOWED_DTYPES not
        raise _not_a_dtype(dtype, "Keras takes a dtype's name with its width, e.g. %r" % _C_TYPE_NAMES[dtype])
    return as_dtype(dtype)


# TF's C-type spellings ('float' is float32, 'double' float64, 'half' float16): Keras 3.15's standardize_dtype
# says 'Invalid dtype: double' for each
_C_TYPE_NAMES = {'float': 'float32', 'double': 'float64', 'half': 'float16'}


def _not_a_dtype(value, hint):
    """TensorFlow 2.21's TypeError for what names no dtype; tapeflow's hint in a note."""
    error = TypeError('Cannot convert the argument `type_value`: %r to a TensorFlow DType.' % (value,))
    error.add_note('as_dtype: %r is not a dtype; %s' % (value, hint))
    return error


def numpy_dtype(dtype):
    """The numpy dtype for any spelling ``as_dtype`` takes (None stays None): what
    the framework hands to numpy and compares against ``x._data.dtype``."""
    if dtype is None or type(dtype) is np.dtype:
        return dtype
    return as_dtype(dtype).dtype


def is_floating(dtype):
    return numpy_dtype(dtype).kind == 'f' or numpy_dtype(dtype).name == 'bfloat16'


def is_numeric(dtype):
    return numpy_dtype(dtype).kind in 'fiucb'


def python_default(array):
    """The dtype TensorFlow gives a converted Python value: float32 / int32."""
    kind = array.dtype.kind
    if kind == 'f':
        return array.astype(np.float32) if array.dtype != np.float32 else array
    if kind in 'iu':         # numpy integer scalars of any width in a list are int32 to TensorFlow too
        if array.dtype == np.int32:
            return array
        info = np.iinfo(np.int32)
        if array.size and (array.min() < info.min or array.max() > info.max):
            return array.astype(np.int64)      # TensorFlow widens what int32 cannot hold
        return array.astype(np.int32)
    if kind == 'U':     # TensorFlow keeps strings as UTF-8 bytes: tf.constant('a').numpy() is b'a'
        return np.char.encode(array, 'utf-8').astype(object)
    if kind == 'S':
        return array.astype(object)
    return array


def display_name(dtype):
    """The dtype's name as a tensor's repr shows it: 'string' for string tensors."""
    return as_dtype(dtype).name


def __getattr__(name):
    if name == 'bfloat16':
        return _bfloat16()
    # tf.dtypes.cast is the op; ops import this module, so it is looked up on first use.
    if name == 'cast':
        from .ops.shapes import cast
        return cast
    if name == 'saturate_cast':
        from .ops.casting_extra import saturate_cast
        return saturate_cast
    if name == 'complex':        # tf.dtypes.complex is tf.complex (a module-level def would hide the builtin here)
        from .ops.complex_build import complex as complex_op
        return complex_op
    raise AttributeError("module 'framework.dtypes' has no attribute %r" % name)
