"""``tf.io.parse_single_sequence_example`` / ``parse_sequence_example`` and ``FixedLenSequenceFeature``.

Context features are read as ``parse_example`` reads an Example's features (a SequenceExample's
context is that same message). A FixedLenSequenceFeature gives [steps] + shape (a batch pads to the
longest sequence with ``default_value`` or 0 and reports each length); a VarLenFeature gives a
SparseTensor over (step, value), behind a batch index in a batch. Errors use TensorFlow's texts.
"""
import collections

import numpy as np

from .. import errors
from ..ops.operands import named_errors
from ..tensor import Tensor
from .example_parsing import VarLenFeature, _KIND_OF, _TYPE_NAME, _array, _dtype_name, _tensor, parse_example
from .strings_in import byte_array
from .sequence_example_proto import SequenceExample
from .tensor_proto import _field

_KERNEL = 'ParseSequenceExampleV2'


class FixedLenSequenceFeature(collections.namedtuple('FixedLenSequenceFeature',
                                                     ['shape', 'dtype', 'allow_missing', 'default_value'])):
    """A feature list of equal-shaped steps: ``shape`` per step; ``allow_missing``: absent lists are empty;
    ``default_value`` pads the shorter sequences of a batch."""

    def __new__(cls, shape, dtype, allow_missing=False, default_value=None):
        return super().__new__(cls, shape, dtype, allow_missing, default_value)


def _where(index, names):
    return 'Name: %s, ' % (names[index] if names else '<unknown>')


def _steps(lists, name, spec, dtype, index, names):
    """The steps of feature list ``name`` in one example: a list of value lists (None: absent)."""
    feature_list = lists.feature_list.get(name)
    if feature_list is None:
        return None
    steps = []
    for feature in feature_list.feature:
        kind = feature.WhichOneof('kind')
        if kind is not None and kind != _KIND_OF[dtype]:
            raise errors.kernel_error(_KERNEL, "%sFeature list: %s, Index: %d.  Data types don't match. Expected "
                                      'type: %s' % (_where(index, names), name, len(steps), _TYPE_NAME[dtype]))
        values = list(getattr(feature, kind).value) if kind else []
        if isinstance(spec, FixedLenSequenceFeature):
            shape = [int(d) for d in spec.shape]
            if len(values) != int(np.prod(shape)):
                raise errors.kernel_error(_KERNEL, '%sKey: %s, Index: %d.  Number of values != expected.  values '
                                          'size: %d but output shape: [%s]' % (_where(index, names), name, len(steps),
                                                                              len(values), ','.join(map(str, shape))))
        steps.append(values)
    return steps


def _dense(steps_per_example, spec, dtype, batched):
    shape = [int(d) for d in spec.shape]
    longest = max([len(s) for s in steps_per_example] + [0])
    fill = spec.default_value if spec.default_value is not None else (b'' if dtype == 'string' else 0)
    rows = []
    for steps in steps_per_example:
        flat = [v for step in steps for v in step] + [fill] * (int(np.prod(shape)) * (longest - len(steps)))
        rows.append(_array(flat, dtype).reshape([longest] + shape))
    if not batched:
        return _tensor(rows[0])
    return _tensor(np.stack(rows) if rows else _array([], dtype).reshape([0, 0] + shape))


def _sparse(steps_per_example, dtype, batched):
    from ..sparse import SparseTensor
    indices, values = [], []
    for b, steps in enumerate(steps_per_example):
        for t, step in enumerate(steps):
            indices += [([b] if batched else []) + [t, j] for j in range(len(step))]
            values += step
    longest = max([len(s) for s in steps_per_example] + [0])
    widest = max([len(step) for steps in steps_per_example for step in steps] + [0])
    shape = ([len(steps_per_example)] if batched else []) + [longest, widest]
    return SparseTensor(np.asarray(indices, np.int64).reshape(-1, len(shape)), _tensor(_array(values, dtype)),
                        np.asarray(shape, np.int64))


def _parse(records, context_features, sequence_features, names, batched, op):
    if context_features is None and sequence_features is None:
        raise ValueError('Both context_features and sequence_features are None, but at least one should have values.')
    for label, features in (('context_features', context_features), ('sequence_features', sequence_features)):
        if features is not None and not isinstance(features, dict):
            raise TypeError('%s: %s must be a dict of feature specs, got %r' % (op, label, features))
    examples = [SequenceExample.FromString(r) for r in records]
    context = {}
    if context_features:
        contexts = [_field(1, e.context._serialize()) for e in examples]       # an Example of the same Features
        context = parse_example(contexts, context_features, names)
        if not batched:
            context = {k: (v[0] if isinstance(v, Tensor) else _unbatch_sparse(v)) for k, v in context.items()}
    sequences, lengths = {}, {}
    for name, spec in sorted((sequence_features or {}).items()):
        if not isinstance(spec, (FixedLenSequenceFeature, VarLenFeature)):
            raise TypeError('%s: sequence feature %r must be a FixedLenSequenceFeature or VarLenFeature, got %r'
                            % (op, name, spec))
        dtype = _dtype_name(spec, name, op)
        per_example = []
        for index, example in enumerate(examples):
            steps = _steps(example.feature_lists, name, spec, dtype, index, names)
            if steps is None:
                if isinstance(spec, FixedLenSequenceFeature) and not spec.allow_missing:
                    raise errors.kernel_error(_KERNEL, "%sFeature list '%s' is required but could not be found.  "
                                              'Did you mean to include it in feature_list_dense_missing_assumed_empty '
                                              'or feature_list_dense_defaults?' % (_where(index, names), name))
                steps = []
            per_example.append(steps)
        if isinstance(spec, FixedLenSequenceFeature):
            sequences[name] = _dense(per_example, spec, dtype, batched)
            lengths[name] = Tensor(np.asarray([len(s) for s in per_example], np.int64))
        else:
            sequences[name] = _sparse(per_example, dtype, batched)
    return context, sequences, lengths


def _unbatch_sparse(sparse):
    from ..sparse import SparseTensor
    indices = sparse.indices.numpy()[:, 1:]
    return SparseTensor(indices, sparse.values, sparse.dense_shape.numpy()[1:])


@named_errors('io.parse_single_sequence_example')
def parse_single_sequence_example(serialized, context_features=None, sequence_features=None, example_name=None,
                                  name=None):
    """(context, sequences) dicts of one serialized SequenceExample.

    Raises:
        ValueError: no features asked for. InvalidArgumentError: a missing required list, a step of
            another size or dtype (TensorFlow's texts).
    """
    op = 'io.parse_single_sequence_example'
    record = byte_array(serialized, op, 'serialized')
    if record.shape != ():
        raise ValueError('%s: serialized must be one (scalar) string, got shape %s' % (op, record.shape))
    context, sequences, _ = _parse([record.item()], context_features, sequence_features, None, False, op)
    return context, sequences


@named_errors('io.parse_sequence_example')
def parse_sequence_example(serialized, context_features=None, sequence_features=None, example_names=None,
                           name=None):
    """(context, sequences, lengths) of a batch of serialized SequenceExamples; ``lengths`` holds each
    FixedLenSequenceFeature's sequence lengths (int64)."""
    op = 'io.parse_sequence_example'
    records = byte_array(serialized, op, 'serialized')
    if records.ndim != 1:
        raise ValueError('%s: serialized must be a 1-D batch of strings, got shape %s' % (op, records.shape))
    names = None if example_names is None else [
        n.decode('utf-8', 'replace') if isinstance(n, bytes) else str(n)
        for n in byte_array(example_names, op, 'example_names').reshape(-1)]
    return _parse(list(records), context_features, sequence_features, names, True, op)

