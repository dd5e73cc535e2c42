"""``tf.experimental.ExtensionType``: user-defined, immutable types of typed fields.

A subclass lists its fields as class annotations (with defaults as class attributes); the class
gets a constructor that takes them by position or name and converts each as its annotation says
(extension_fields.py), a ``__repr__`` naming them, ``==`` comparing them (a boolean tensor, as
TensorFlow's), and is frozen after construction. A subclass may write its own ``__init__``
(it sets the fields; they are converted when it returns) and a ``__validate__`` (run after every
construction). Methods, properties and static methods are plain Python.

TensorFlow APIs take them through ``tf.experimental.dispatch_for_api`` (api_dispatch.py); a
``BatchableExtensionType`` batches in datasets and ``map_fn`` (extension_batching.py). What is not here:
saving them in a SavedModel.
"""
import inspect
import typing

from .composite import CompositeTensor
from .extension_fields import ImmutableDict, check_annotation, convert  # noqa: F401  (ImmutableDict: a field's type)
from .tensor import Tensor
from .type_spec import TypeSpec

_NO_DEFAULT = inspect.Parameter.empty
_BUILDING = '_tf_extension_type_building'      # set in an instance's __dict__ while a constructor runs


class ExtensionType(CompositeTensor):
    """Base class of user-defined extension types (see the module docstring)."""

    _DENSIFY = 'its fields (an ExtensionType holds tensors; pass them on, or write the op for the type)'

    def _refusal(self, op):
        # TensorFlow's ValueError wherever an op meets one (its conversion to a tensor fails); how to
        # give ops the type (dispatch_for_api) as a note
        error = ValueError('Attempt to convert a value (%r) with an unsupported type (%s) to a Tensor.'
                           % (self, type(self)))
        error.add_note('%s is an ExtensionType: pass %s to %s, or register the op for the type with '
                       'tf.experimental.dispatch_for_api' % (type(self).__name__, self._DENSIFY.split(' (')[0],
                                                            op or 'the op'))
        return error

    def _map_values(self, fn, op=None):
        raise self._refusal(op)       # an elementwise op met one (TensorFlow dispatches none by default)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        fields, resolved = _fields_of(cls)
        cls._tf_extension_type_fields = fields
        cls._tf_extension_type_unresolved = not resolved     # forward references: resolved per value
        custom = cls.__dict__.get('__init__')
        cls.__init__ = _generated_init(cls, fields) if custom is None else _finishing(custom)
        # A nested ``class Spec`` of the user's is a mixin of the generated spec (its constructor, repr,
        # properties and methods), as in TensorFlow
        own = cls.__dict__.get('Spec')
        bases = (ExtensionTypeSpec,) if own is None or issubclass(own, ExtensionTypeSpec) else (own, ExtensionTypeSpec)
        cls.Spec = type(cls.__name__ + '.Spec', bases, {      # TF's name: type(spec).__name__ 'MaskedTensor.Spec'
            'value_type': cls, '__qualname__': cls.__qualname__ + '.Spec', '__module__': cls.__module__})

    def __setattr__(self, name, value):
        if not self.__dict__.get(_BUILDING):
            raise AttributeError('Cannot mutate attribute `%s` outside the custom constructor of ExtensionType.'
                                 % name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if not self.__dict__.get(_BUILDING):
            raise AttributeError('Cannot mutate attribute `%s` outside the custom constructor of ExtensionType.'
                                 % name)
        object.__delattr__(self, name)

    def __repr__(self):
        return '%s(%s)' % (type(self).__qualname__, ', '.join(      # TF's: 'f.<locals>.D(b=...)'
            '%s=%r' % (name, getattr(self, name)) for name in self._tf_extension_type_fields))

    def __validate__(self):
        """Checks a subclass runs after each construction (raise to refuse the values)."""

    def __eq__(self, other):
        # TensorFlow's: another type or other specs (shapes, dtypes, Python fields) are not equal,
        # else a boolean tensor: every tensor component equal
        if type(self) is not type(other) or self._type_spec != other._type_spec:
            return False
        from . import nest, ops
        mine, theirs = nest.flatten(self, expand_composites=True), nest.flatten(other, expand_composites=True)
        return ops.reduce_all(ops.stack([ops.reduce_all(ops.equal(a, b)) for a, b in zip(mine, theirs)]
                                        or [ops.constant(True)]))

    def __ne__(self, other):
        equal = self.__eq__(other)
        if isinstance(equal, Tensor):
            from . import ops
            return ops.logical_not(equal)
        return not equal

    __hash__ = None         # equality gives a tensor: as TensorFlow's, not hashable

    @property
    def _type_spec(self):
        return type(self).Spec._from_fields({name: _spec_of(getattr(self, name))
                                             for name in self._tf_extension_type_fields})


class ExtensionTypeSpec(TypeSpec):
    """The spec of an ExtensionType value (``MaskedTensor.Spec``): each field's spec or value, given by
    position or name (``Pastry.Spec(tf.TensorSpec([2]), tf.TensorSpec([2]))``), or set by the
    constructor of the class's own nested ``Spec`` (``self.values = tf.TensorSpec(shape, dtype)``)."""
    __slots__ = ('_fields',)
    value_type = None

    def __init__(self, *args, **fields):
        if self.value_type is not None:
            # TF binds them to a signature of every field, none with a default: Python's own TypeErrors
            # ('missing a required argument: 'values'', "got an unexpected keyword argument 'shape'")
            fields = inspect.Signature([inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD)
                                        for name in self.value_type._tf_extension_type_fields]
                                       ).bind(*args, **fields).arguments
        elif args:
            raise TypeError('%s takes no positional field specs, got %d' % (type(self).__qualname__, len(args)))
        object.__setattr__(self, '_fields', {name: _field_spec(value) for name, value in fields.items()})

    @classmethod
    def _from_fields(cls, fields):
        """The spec of these field specs, without the constructor (a user ``Spec``'s takes other arguments)."""
        spec = cls.__new__(cls)
        object.__setattr__(spec, '_fields', dict(fields))
        return spec

    def __setattr__(self, name, value):
        fields = self.value_type._tf_extension_type_fields if self.value_type is not None else ()
        if name not in fields:
            raise AttributeError('%s: cannot set %r, which is not a field of %s'
                                 % (type(self).__qualname__, name, self.value_type.__name__))
        try:
            own = object.__getattribute__(self, '_fields')
        except AttributeError:
            own = {}
            object.__setattr__(self, '_fields', own)
        own[name] = _field_spec(value)

    def __getattr__(self, name):
        try:
            fields = object.__getattribute__(self, '_fields')
        except AttributeError:
            fields = {}
        if name in fields:
            return fields[name]
        raise AttributeError('%s has no field %r' % (type(self).__qualname__, name))

    def _key(self):
        return tuple(sorted(self._fields.items(), key=lambda item: item[0]))

    def is_compatible_with(self, spec_or_value):
        other = spec_or_value._type_spec if isinstance(spec_or_value, ExtensionType) else spec_or_value
        if type(other) is not type(self) or set(other._fields) != set(self._fields):
            return False
        for name, mine in self._fields.items():
            theirs = other._fields[name]
            if isinstance(mine, TypeSpec):
                if not mine.is_compatible_with(theirs):
                    return False
            elif mine != theirs:
                return False
        return True

    def __repr__(self):
        # TF prints its serialization, where a Mapping field's ImmutableDict is a plain dict
        return '%s(%s)' % (type(self).__qualname__,
                           ', '.join('%s=%r' % (name, _plain_mappings(value)) for name, value in self._fields.items()))


def _plain_mappings(value):
    """``value`` with each mapping in it (inside tuples too) a plain dict, as TF's spec serializes it."""
    if isinstance(value, (dict, ImmutableDict)):
        return {key: _plain_mappings(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(_plain_mappings(item) for item in value)
    return value


def _fields_of(cls):
    """{name: (annotation, default)} over the ExtensionType classes of ``cls``'s MRO, base first, and
    whether every annotation resolved. As TensorFlow, a forward reference to a class not defined yet
    ('B', Optional['B']) stays as written; each value made tries again (_resolve_fields)."""
    fields, resolved = {}, True
    for klass in reversed(cls.__mro__):
        if not (isinstance(klass, type) and issubclass(klass, ExtensionType)) or klass is ExtensionType:
            continue
        raw = klass.__dict__.get('__annotations__', {})
        try:
            hints = typing.get_type_hints(klass, localns={klass.__name__: klass})
        except (NameError, AttributeError):       # a name not defined yet: TF's unresolved forward reference
            hints, resolved = {}, False
        for name in raw:
            annotation = hints.get(name, raw[name])
            if typing.get_origin(annotation) is typing.ClassVar:
                continue
            check_annotation(annotation, klass.__name__, name)
            fields[name] = (annotation, klass.__dict__.get(name, fields.get(name, (None, _NO_DEFAULT))[1]))
    return fields, resolved


def _resolve_fields(cls):
    """Try a class's forward references again (the classes they name may be defined by now)."""
    fields, resolved = _fields_of(cls)
    if resolved:
        cls._tf_extension_type_fields = fields
        cls._tf_extension_type_unresolved = False
    return fields


def _generated_init(cls, fields):
    try:
        signature = inspect.Signature([inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                                         default=default)
                                       for name, (_, default) in fields.items()])
    except ValueError as err:       # a field without a default after one with
        raise TypeError('%s: %s' % (cls.__name__, err)) from None

    def __init__(self, *args, **kwargs):
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as err:        # Python's words, as TensorFlow's constructor gives them
            raise TypeError(str(err)) from None
        bound.apply_defaults()
        self.__dict__[_BUILDING] = True
        for name, value in bound.arguments.items():
            object.__setattr__(self, name, value)
        _finish(self)
    __init__.__signature__ = inspect.Signature([inspect.Parameter('self', inspect.Parameter.POSITIONAL_OR_KEYWORD)]
                                               + list(signature.parameters.values()))
    return __init__


def _finishing(custom_init):
    """A subclass's own constructor, then the fields' conversion and checks."""
    def __init__(self, *args, **kwargs):
        self.__dict__[_BUILDING] = True
        custom_init(self, *args, **kwargs)
        _finish(self)
    __init__.__wrapped__ = custom_init
    return __init__


def _finish(value):
    """Convert every field as annotated, freeze the value, run ``__validate__``."""
    fields = value._tf_extension_type_fields
    if type(value)._tf_extension_type_unresolved:
        fields = _resolve_fields(type(value))
    try:
        for name, (annotation, _) in fields.items():
            if name not in value.__dict__:
                raise ValueError('%s: the constructor did not set field %r' % (type(value).__name__, name))
            value.__dict__[name] = convert(name, annotation, value.__dict__[name])
    finally:
        value.__dict__.pop(_BUILDING, None)
    value.__validate__()


def _spec_of(value):
    """A field's part of its value's spec: tensors and composites by their specs, inside tuples and
    mappings too; other values (Python fields, shapes, dtypes) as they are."""
    if isinstance(value, ExtensionType):
        return value._type_spec
    if isinstance(value, (Tensor, CompositeTensor)):
        from .type_spec import type_spec_from_value
        return type_spec_from_value(value)
    if isinstance(value, tuple):
        return tuple(_spec_of(v) for v in value)
    if isinstance(value, ImmutableDict):
        return ImmutableDict((k, _spec_of(v)) for k, v in value.items())
    return value


def _field_spec(value):
    """A field of a Spec as given: a dict becomes an ImmutableDict and a list a tuple, as the value's."""
    if isinstance(value, dict):
        return ImmutableDict((k, _field_spec(v)) for k, v in value.items())
    if isinstance(value, list):
        return tuple(_field_spec(v) for v in value)
    return value


class BatchableExtensionType(ExtensionType):
    """An ExtensionType whose values can hold a batch (``tf.experimental.BatchableExtensionType``):
    ``Dataset.from_tensor_slices``, ``batch`` / ``unbatch`` and ``tf.map_fn`` slice and stack its tensor
    fields, and give its ``tf.TensorShape`` fields the batch dimension (extension_batching.py)."""
