"""The fields of a ``tf.experimental.ExtensionType``: what each annotation accepts and converts.

TensorFlow's rules (its extension_type_field module), checked against TF 2.21's texts:
``tf.Tensor`` fields convert any value with ``convert_to_tensor``; ``tf.TensorShape`` and
``tf.DType`` fields convert lists and names; ``int``, ``float``, ``str``, ``bool`` and ``None``
fields take only values of that type; ``Tuple[X, ...]`` takes a list or tuple (kept as a tuple),
``Mapping[K, V]`` a dict (kept as an ``ImmutableDict``), ``Union`` the first member that takes the
value (``Optional[X]`` is ``Union[X, None]``); another ExtensionType, RaggedTensor or SparseTensor
field takes only an instance. Errors are TypeErrors naming the field's path: ``dims[0]: expected
'int', got 'str'``.
"""
import collections.abc
import typing

from . import dtypes
from .tensor import Tensor, TensorShape, convert_to_tensor


class ImmutableDict(collections.abc.Mapping):
    """A read-only dict: what a ``Mapping`` field holds."""

    def __init__(self, items):
        self._items = dict(items)

    def __getitem__(self, key):
        return self._items[key]

    def __iter__(self):
        return iter(self._items)

    def __len__(self):
        return len(self._items)

    def __eq__(self, other):
        return dict(self._items) == (dict(other) if isinstance(other, collections.abc.Mapping) else other)

    def __hash__(self):
        return hash(tuple(sorted(self._items.items(), key=repr)))

    def __repr__(self):
        return 'ImmutableDict(%r)' % (self._items,)


def _type_name(annotation):
    return getattr(annotation, '__name__', None) or repr(annotation)


def annotation_text(annotation):
    """``repr(annotation)`` as it reads under TensorFlow: tapeflow's classes inside a typing form
    by TensorFlow's module paths ('dict[str, tensorflow.python.framework.tensor.Tensor]')."""
    text = repr(annotation)
    for cls, tf_path in _tf_paths():
        text = text.replace('%s.%s' % (cls.__module__, cls.__qualname__), tf_path)
    return text


def _tf_paths():
    from .ragged.ragged_tensor import RaggedTensor
    from .sparse.sparse_tensor import SparseTensor
    return ((Tensor, 'tensorflow.python.framework.tensor.Tensor'),
            (TensorShape, 'tensorflow.python.framework.tensor_shape.TensorShape'),
            (dtypes.DType, 'tensorflow.python.framework.dtypes.DType'),
            (RaggedTensor, 'tensorflow.python.ops.ragged.ragged_tensor.RaggedTensor'),
            (SparseTensor, 'tensorflow.python.framework.sparse_tensor.SparseTensor'))


def _class_name(cls):
    """``cls.__name__`` under TensorFlow (tapeflow's Tensor answers 'EagerTensor', its tf.Variable
    'ResourceVariable': TF's tf.Tensor and tf.Variable are 'Tensor' and 'Variable')."""
    from .variable import Variable
    return {Tensor: 'Tensor', Variable: 'Variable'}.get(cls, cls.__name__)


def _refused(path, annotation, value):
    expected = _type_name(annotation) if isinstance(annotation, type) else annotation
    shown = expected if expected == 'a Tensor' else repr(expected) if isinstance(expected, str) else str(expected)
    return TypeError('%s: expected %s, got %r' % (path, shown, type(value).__name__))


def is_forward_reference(annotation):
    """A name not yet resolved: a string, or typing's ForwardRef inside a typing form."""
    return isinstance(annotation, (str, typing.ForwardRef))


def _generic(annotation, *origins):
    """TensorFlow's is_generic_tuple / _mapping / _union: a parameterized typing form of ``origins``;
    the bare forms (``typing.Tuple``, ``typing.Mapping``, ``tuple``) are not."""
    return annotation not in origins and getattr(annotation, '__origin__', None) in origins


def check_annotation(annotation, owner, name, in_mapping_key=False):
    """Refuse annotations TensorFlow refuses when the class is made (its validate_field_value_type):
    ``dict[...]``, ``typing.Dict`` / ``List`` / ``Sequence``, ``X | None``, ``typing.Any``, a bare
    ``typing.Tuple`` or ``Mapping``, ``tf.Variable``; a tensor as a Mapping's key. Forward references
    pass (they are resolved when a value is made)."""
    if is_forward_reference(annotation):
        return
    if annotation in (int, float, str, bytes, bool, None, type(None), dtypes.DType):
        return
    if annotation in (Tensor, TensorShape) or (isinstance(annotation, type) and _is_composite_class(annotation)):
        if in_mapping_key:
            raise TypeError('In field %r: Mapping had a key %r with type %r'
                            % (name, _class_name(annotation), type(annotation).__name__))
        return
    if _generic(annotation, tuple, typing.Tuple) or _generic(annotation, typing.Union):
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis and _generic(annotation, tuple, typing.Tuple):
            args = args[:1]
        for arg in args:
            check_annotation(arg, owner, name, in_mapping_key)
        return
    if _generic(annotation, collections.abc.Mapping, typing.Mapping):
        key_type, value_type = typing.get_args(annotation)
        check_annotation(key_type, owner, name, True)
        check_annotation(value_type, owner, name, in_mapping_key)
        return
    # TensorFlow's words; the class in a note
    shown = repr(_class_name(annotation)) if isinstance(annotation, type) else annotation_text(annotation)
    error = TypeError('In field %r: Unsupported type annotation %s' % (name, shown))
    error.add_note('%s.%s: annotate fields with tf.Tensor, tf.TensorShape, tf.DType, int, float, str, bytes, '
                   'bool, None, another ExtensionType, or typing.Tuple / Mapping / Union / Optional of those'
                   % (owner, name))
    raise error


def _is_composite_class(cls):
    from .composite import CompositeTensor
    return issubclass(cls, CompositeTensor)


def convert(path, annotation, value):
    """``value`` as the field annotated ``annotation`` holds it; TypeError when it does not fit."""
    if annotation is None or annotation is type(None):
        if value is not None:
            raise _refused(path, 'NoneType', value)
        return None
    origin = typing.get_origin(annotation)
    if origin is typing.Union:
        for member in typing.get_args(annotation):
            try:
                return convert(path, member, value)
            except (TypeError, ValueError):
                continue
        raise TypeError('%s: expected %s, got %r' % (path, annotation_text(annotation), type(value).__name__))
    if origin is tuple:
        return _tuple(path, annotation, value)
    if origin in (collections.abc.Mapping, dict):
        if not isinstance(value, collections.abc.Mapping):
            raise _refused(path, 'Mapping', value)
        key_type, value_type = typing.get_args(annotation) or (None, None)
        if key_type is None:
            return ImmutableDict(value)
        return ImmutableDict((convert('%s[%r]' % (path, k), key_type, k),
                              convert('%s[%r]' % (path, k), value_type, v)) for k, v in value.items())
    if is_forward_reference(annotation):        # a name still unresolved when a value is made
        raise TypeError('%s: Unsupported type annotation %r' % (path, annotation))
    if annotation is Tensor:
        if isinstance(value, Tensor):
            return value
        try:
            return convert_to_tensor(value)
        except (TypeError, ValueError):       # TensorFlow's words: 'mask: expected a Tensor, got 'NoneType''
            raise _refused(path, 'a Tensor', value) from None
    if annotation is TensorShape:
        return value if isinstance(value, TensorShape) else TensorShape(value)
    if annotation is dtypes.DType:
        return dtypes.as_dtype(value)
    if not isinstance(value, annotation):
        raise _refused(path, annotation, value)
    return value


def _tuple(path, annotation, value):
    if not isinstance(value, (list, tuple)):
        raise _refused(path, 'tuple', value)
    args = typing.get_args(annotation)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(convert('%s[%d]' % (path, i), args[0], v) for i, v in enumerate(value))
    if len(args) != len(value):
        raise TypeError('%s: expected a tuple of %d values, got %d' % (path, len(args), len(value)))
    return tuple(convert('%s[%d]' % (path, i), a, v) for i, (a, v) in enumerate(zip(args, value)))
