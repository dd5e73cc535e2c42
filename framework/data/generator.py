"""``Dataset.from_generator``: elements yielded by a Python generator, checked against a signature.

Each iteration of the dataset calls the generator anew. Every yielded value is
converted to its component's dtype (a float64 array becomes float32 under a
float32 spec, as TensorFlow converts) and its shape checked against the spec.
"""
import numpy as np

from .. import dtypes, stateful_kernels
from ..errors import InternalError, InvalidArgumentError, noted
from ..extension_type import ExtensionTypeSpec
from ..ops.py_function_errors import generator_error
from ..tensor_shape import TensorShape
from .error_skipping import SkippedElement, tolerated
from .ragged_elements import is_ragged_spec
from .spec import TensorSpec, as_spec, shape_admits

WHAT = 'Dataset.from_generator'


def signature_from(output_signature, output_types, output_shapes):
    """The structure of TensorSpecs the generator's elements must match."""
    if output_signature is not None:
        for legacy, given in (('output_types', output_types), ('output_shapes', output_shapes)):
            if given is not None:       # TensorFlow's words; tapeflow's hint as a note
                raise noted(TypeError('The `%s` argument can not be used together with the `output_signature` '
                                      'argument.' % legacy), '%s: give either `output_signature` or the legacy '
                            '`output_types` / `output_shapes`, not both' % WHAT)
        return _map_leaves(lambda s: s if is_ragged_spec(s) or isinstance(s, ExtensionTypeSpec)
                           else _signature_spec(s), output_signature)
    if output_types is None:
        raise noted(TypeError('To specify the output signature you need to provide either the `output_signature` '
                              'argument or the `output_types` argument.'),       # TensorFlow's words
                    '%s: pass output_signature=, a TensorSpec or a tuple / dict of them describing each element' % WHAT)
    if output_shapes is None:
        return _map_leaves(lambda t: TensorSpec(None, t), output_types)
    return _zip_leaves(lambda t, s: TensorSpec(s, t), output_types, output_shapes)


def check_generator(generator):
    """TensorFlow checks the generator before the signature."""
    if not callable(generator):
        raise noted(TypeError('`generator` must be a Python callable.'),       # TensorFlow's words
                    '%s: `generator` is a function returning an iterator, got %s' % (WHAT, type(generator).__name__))


def _signature_spec(leaf):
    try:
        return as_spec(leaf, WHAT + '(output_signature)')
    except TypeError as err:
        error = TypeError('`output_signature` must contain objects that are subclass of `tf.TypeSpec` but found %s '
                          'which is not.' % type(leaf))       # TensorFlow's words
        error.add_note(str(err))
        raise error from None


def generator_source(generator, args, signature, stage=None):
    """A function that starts the generator and yields checked host elements. ``stage``: a list that
    will hold the dataset, so that ``ignore_errors`` right below it can drop an element that failed
    (TF 2.21 skips the IteratorGetNext error and asks the generator again: a Python generator that
    raised is finished, a yielded element that did not fit the signature is only dropped)."""
    check_generator(generator)
    args = tuple(_generator_argument(a) for a in (args or ()))

    components = _component_count(signature)
    conform = _normalize_to_signature if _takes_signature_path(signature) else _conform

    def elements():
        stateful_kernels.note('PyFunc')      # (TF runs the generator through a PyFunc: no checkpoint)
        iterator = _started(generator, args, components)
        while True:
            try:
                value = next(iterator)
            except StopIteration:
                return
            except Exception as err:        # noqa: BLE001  (TF's PyFunc status error for any exception)
                error = generator_error(err, components)
            else:
                try:
                    yield conform(signature, value, value)
                    continue
                except _Mismatch as mismatch:
                    error = mismatch.op_error(components)
            if stage and tolerated(stage[0]):
                yield SkippedElement(error)
                continue
            raise error from None
    return elements


def _started(generator, args, components):
    """The generator's iterator; an exception it raises is TensorFlow's PyFunc status error (UnknownError,
    InvalidArgumentError for ValueError / TypeError, ...: py_function_errors.py)."""
    try:
        return iter(generator(*args))
    except Exception as err:
        raise generator_error(err, components) from None


def _component_count(signature):
    """How many tensors TF's iterator kernel yields per element (its node is named after it)."""
    if isinstance(signature, dict):
        return sum(map(_component_count, signature.values()))
    if isinstance(signature, (tuple, list)):
        return sum(map(_component_count, signature))
    return 1


def _generator_argument(value):
    """What TensorFlow hands the generator for one of ``args``: the value converted to a tensor
    (Python ints int32, floats float32) and read back as ``.numpy()`` gives it, a numpy scalar for
    a 0-d value (hashable: the tf.data performance guide keys a dict by one), bytes for a string."""
    from ..tensor import convert_to_tensor
    return convert_to_tensor(value).numpy()


def _conform(signature, value, whole):
    if isinstance(signature, dict):
        if not isinstance(value, dict) or set(value) != set(signature):
            _structure_error(signature, whole)
        return {k: _conform(signature[k], value[k], whole) for k in signature}
    if isinstance(signature, tuple):
        # TF 2.21 flattens with check_types: a yielded list is no tuple ('did not match the expected structure')
        if not isinstance(value, tuple) or len(value) != len(signature):
            _structure_error(signature, whole)
        parts = [_conform(s, v, whole) for s, v in zip(signature, value)]
        return type(signature)(*parts) if hasattr(signature, '_fields') else tuple(parts)
    if isinstance(signature, ExtensionTypeSpec):
        return _conform_extension(signature, value)
    return _conform_leaf(signature, value)


def _conform_extension(spec, value):
    """An ExtensionType value its Spec admits, taken apart for the pipeline (extension_batching.py)."""
    from .structure import host_structure
    if not isinstance(value, spec.value_type) or not spec.is_compatible_with(value):
        raise _Mismatch('`generator` yielded an element of %r where an element of %r was expected.'
                           % (getattr(value, '_type_spec', type(value).__name__), spec))
    return host_structure(value)


def _conform_leaf(spec, value):
    if is_ragged_spec(spec):
        return _conform_ragged(spec, value)
    try:
        array = _host_array(value.numpy() if hasattr(value, 'numpy') else value, spec.dtype)
    except (TypeError, ValueError):
        raise _Mismatch('`generator` yielded an element that could not be converted to the expected type. The '
                           'expected type was %s, but the yielded element was %s.' % (spec.dtype.name, value)) \
            from None
    if not shape_admits(spec, array.shape):
        raise _Mismatch('`generator` yielded an element of shape %s where an element of shape %s was expected.'
                           % (tuple(array.shape), tuple(spec.shape)))
    if spec.dtype.name == 'string':
        array = _string_array(array)
    return array[()] if array.ndim == 0 else array


def _host_array(value, dtype):
    """TF 2.21's numpy_compat.np_asarray under NumPy 2: a number dtype is reached by astype, so values
    out of its range wrap as NumPy 1 let them (2**40 as int32 is 0, -1 as uint8 255) instead of raising
    OverflowError."""
    if np.issubdtype(dtype, np.number):
        return np.asarray(value).astype(dtype)
    return np.asarray(value, dtype=dtype)


def _string_array(array):
    """TF's PyFunc kernel stores a string component's objects as bytes (a str UTF-8 encoded) and refuses
    any other object with an InternalError."""
    out = np.empty(array.shape, dtype=object)
    for index, item in np.ndenumerate(array):
        if isinstance(item, str):
            item = item.encode('utf-8')
        elif not isinstance(item, bytes):
            raise _UnsupportedObject('Unsupported object type %s' % type(item).__name__)
        out[index] = item
    return out


def _conform_ragged(spec, value):
    """A RaggedTensor yielded for a RaggedTensorSpec, of its dtype and ragged rank and a compatible shape
    (TF 2.21 casts nothing here, and lists of rows are no RaggedTensor to it)."""
    from ..ragged import RaggedTensor
    from ..type_spec import type_spec_from_value
    if not isinstance(value, RaggedTensor):
        raise _Mismatch('`generator` yielded an element that could not be converted to the expected type. The '
                           'expected type was %s, but the yielded element was %s.' % (spec.dtype.name, value))
    got = type_spec_from_value(value)
    if (value.dtype != spec.dtype or value.ragged_rank != spec.ragged_rank
            or not TensorShape(spec.shape).is_compatible_with(value.shape)):
        raise _Mismatch('`generator` yielded an element of %r where an element of %r was expected.' % (got, spec))
    return value


class _Mismatch(Exception):
    """A yielded value that does not fit the signature (its text is TF's TypeError's)."""

    def op_error(self, components):
        return _yield_error(str(self), components)


class _UnsupportedObject(_Mismatch):
    """A string component's object the PyFunc kernel cannot store (TF's InternalError)."""

    def op_error(self, components):
        return noted(InternalError(None, None, '{{function_node __wrapped__IteratorGetNext_output_types_%d_device_'
                                   '/job:localhost/replica:0/task:0/device:CPU:0}} %s\n\t [[{{node PyFunc}}]] '
                                   '[Op:IteratorGetNext] name: ' % (components, self)),
                     "%s: a tf.string component takes str or bytes" % WHAT)


def _yield_error(text, components):
    """TensorFlow 2.21 raises the generator's TypeError from its iterator kernel, as an
    InvalidArgumentError (tapeflow's is also a TypeError and ValueError, the classes it raised before);
    the kernel's node is named after the number of tensors in an element."""
    error = InvalidArgumentError('{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/'
                                 'replica:0/task:0/device:CPU:0}} TypeError: %s' % (components, text))
    error.add_note("%s: the generator's elements must fit output_signature" % WHAT)
    return error


def _structure_error(signature, value):
    raise _Mismatch('`generator` yielded an element that did not match the expected structure. The expected '
                       'structure was %s, but the yielded element was %s.'
                       % (_map_leaves(lambda s: _DTypeName('tf.' + s.dtype.name), signature), value))


class _DTypeName(str):
    """'tf.int32', shown inside a structure unquoted, as TF shows its DType objects."""
    __repr__ = str.__str__


def _map_leaves(fn, structure):
    if isinstance(structure, dict):
        return {k: _map_leaves(fn, v) for k, v in structure.items()}
    if isinstance(structure, (tuple, list)):
        parts = [_map_leaves(fn, v) for v in structure]
        return type(structure)(*parts) if hasattr(structure, '_fields') else tuple(parts)
    return fn(structure)


def _zip_leaves(fn, types, shapes):
    """TF 2.21's nest.map_structure_up_to(output_types, as_shape, output_shapes), in tf.data's nest: a
    list is a leaf there (a shape), so only tuples and dicts are structures; its words for mismatches."""
    if isinstance(types, (dict, tuple)):
        if not isinstance(shapes, (dict, tuple)):
            _shapes_error(TypeError("If shallow structure is a sequence, input must also be a sequence. Input has "
                                    "type: '%s'." % type(shapes).__name__), types)
        if isinstance(shapes, dict) != isinstance(types, dict):
            _shapes_error(TypeError("The two structures don't have the same sequence type. Input structure has type "
                                    "'%s', while shallow structure has type '%s'."
                                    % (type(shapes).__name__, type(types).__name__)), types)
        if isinstance(types, dict):
            if set(shapes) != set(types):
                _shapes_error(ValueError("The two structures don't have the same keys. Input structure has keys %s, "
                                         "while shallow structure has keys %s." % (sorted(shapes), sorted(types))),
                              types)
            return {k: _zip_leaves(fn, v, shapes[k]) for k, v in types.items()}
        if len(shapes) != len(types):
            _shapes_error(ValueError("The two structures don't have the same sequence length. Input structure has "
                                     'length %d, while shallow structure has length %d.' % (len(shapes), len(types))),
                          types)
        return tuple(_zip_leaves(fn, t, s) for t, s in zip(types, shapes))
    return fn(dtypes.numpy_dtype(types), shapes)


def _shapes_error(error, types):
    raise noted(error, '%s: give `output_shapes` the structure of `output_types` %r' % (WHAT, types))


def _takes_signature_path(signature):
    from .generator_signature_path import takes_signature_path
    return takes_signature_path(signature)


def _normalize_to_signature(signature, value, _whole):
    from .generator_signature_path import normalize_to_signature
    return normalize_to_signature(signature, value, _conform_leaf, _conform_ragged, _conform_extension, _Mismatch)
