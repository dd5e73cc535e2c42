"""The batch size Keras 3's traced train / test step sees, for the layers it builds.

On TensorFlow, fit and evaluate trace their step on the input dataset's ``element_spec``, so a
layer first built there records the spec's batch size: None when the batches can differ in
size (arrays whose count is not a multiple of the batch size, a dataset batched without
``drop_remainder``, a generator or PyDataset), the batch size itself otherwise. Its summary row
and build config then read ``(None, 64)``, not the first batch's ``(32, 64)`` (TF 2.21, the
autoencoder tutorial). predict, train_on_batch and direct calls run on the batch's own shape.
"""
from framework import nest
from framework.data import Dataset

from .data import ArrayData
from .iterable_data import IterableData


def traced_batch_is_free(data):
    """Whether the step Keras 3 traces for ``data`` (ArrayData, IterableData, PyDatasetData)
    sees an unknown (None) batch size."""
    if isinstance(data, ArrayData):
        return data.num_samples % data.batch_size != 0
    if isinstance(data, IterableData) and isinstance(data.source, Dataset):
        specs = [s for s in nest.flatten(data.source.element_spec) if hasattr(s, 'shape')]
        if not specs:
            return True
        shape = specs[0].shape
        return shape is None or shape.rank is None or len(shape) == 0 or shape[0] is None
    return True     # generators and PyDatasets: Keras's adapters give their spec a None batch


def first_input_is_static(data):
    """Whether the first input tensor in ``data``'s dataset spec has a fully known shape. Keras weighs
    each step's loss by ``tf.shape(x)[0]``, which TF's trace makes a constant only for such a shape;
    otherwise the weight waits for the batch (a char-RNN's ``(1, None)`` windows after
    ``batch(1, drop_remainder=True)``)."""
    if not (isinstance(data, IterableData) and isinstance(data.source, Dataset)):
        return False
    spec = data.source.element_spec
    x = spec[0] if isinstance(spec, tuple) and 1 <= len(spec) <= 3 else spec
    first = next((s for s in nest.flatten(x) if s is not None), None)
    shape = getattr(first, 'shape', None)
    return shape is not None and shape.rank is not None and None not in tuple(shape)


# The structure of arrays (x, y): one input and one target, no sample weights. Data of an unknown
# structure (a dataset, a generator: None) is taken for it, so that their traces serve each other
# (TF 2.21: evaluate(x, y) after a fit validated on a generator of (x, y) batches traces nothing).
PLAIN_STRUCTURE = (False, True, None, None)


def traced_structure(data):
    """What of ``data``'s batch structure tells Keras's traces apart: for arrays, whether y and
    sample_weight are absent, how y and x are nested (``input_nesting`` last); None for other data
    (not told apart). TensorFlow traces a step again for any of them: evaluate(x, {'a': ya, 'b': yb})
    after evaluate(x, [ya, yb]), evaluate(x, y) after evaluate(x, [y]), a first sample_weight (TF 2.21)."""
    if type(data) is ArrayData:
        return data.y is None, data.sample_weight is None, nesting_of(data.y), input_nesting(data)
    if isinstance(data, IterableData) and isinstance(data.source, Dataset):
        # a dataset's element spec, as Keras unpacks it: its dict or list inputs are nested as the same
        # arrays' are, so each serves the other's trace (TF 2.21: the pandas-dataframe tutorial's
        # fit(dict_batches) after fit(dict(df), y) traces nothing new; tapeflow traced again, its print
        # in call() showed and the retracing warning counted it)
        return _element_structure(data.source.element_spec)
    peeked = getattr(data, '_peeked', None) if isinstance(data, IterableData) else None
    if peeked:
        # a generator's first batch, as Keras's adapter makes its spec of it: (x, y, sample_weight)
        # batches or dict inputs serve (and are served by) a dataset's or arrays' trace of the same
        # structure (TF 2.21: fit(ds) after fit(generator) of ({'a': xa}, y, w) batches traces nothing)
        return _element_structure(peeked[0])
    first = getattr(data, 'first_batch', None)
    if first is not None:
        # a PyDataset's first batch, as Keras's adapter makes a dataset spec of it: (x,) batches share
        # the trace of a dataset's (x,) elements (TF 2.21)
        return _element_structure(first)
    return None


def _element_structure(element):
    """traced_structure of a dataset, generator or PyDataset by its element (or spec). Keras hands the step
    an (x,) element as the 1-tuple it is, so TensorFlow's trace on it serves no bare x, nor the other way
    (TF 2.21: fit on a dataset of x after one of (x,) traces train_step again, and a PyDataset's (x,)
    batches are served by the (x,) dataset's trace)."""
    x, y, sample_weight = _unpacked_spec(element)
    structure = y is None, sample_weight is None, nesting_of(y), nesting_of(x)
    if type(element) is tuple and len(element) == 1:
        structure += ('(x,)',)
    return None if structure == PLAIN_STRUCTURE else structure


def _unpacked_spec(spec):
    """(x, y, sample_weight) of a dataset element spec, as Keras's unpack_x_y_sample_weight takes a batch."""
    if isinstance(spec, list):
        spec = tuple(spec)
    if not isinstance(spec, tuple):
        return spec, None, None
    return (tuple(spec) + (None, None))[:3] if 1 <= len(spec) <= 3 else (spec, None, None)


def array_signature(data):
    """For arrays, the shapes of x's, y's and sample_weight's arrays past the batch axis and their dtypes;
    None for other data. TensorFlow traces the step again on a spec of other shapes: fit(x, y_onehot) after
    fit(x, y) checks its loss on a new trace, whose words show the batch as None ('target.shape=(None, 10)',
    TF 2.21)."""
    if type(data) is not ArrayData:
        return None
    def specs(value):
        return tuple((tuple(a.shape[1:]), str(getattr(a, 'dtype', None))) for a in nest.flatten(value)
                     if hasattr(a, 'shape'))
    # (one sample_weight array serves every output as Keras spreads it: [sw, sw] traces nothing new)
    return specs((data.x, data.y)), frozenset(specs(data.sample_weight))


def step_dtypes(data):
    """The dtypes of the x and y tensors fit's and evaluate's step is traced on, flattened: arrays' as
    Keras's adapter hands them (floats as floatx: ArrayData's), a dataset's by its element spec; None
    where they are not told apart (other data, text). TensorFlow's trace on arrays serves no dataset
    of other dtypes (TF 2.21: fit(x, y_float64) then fit(Dataset of x, y_float64) traces train_step
    again on float64 y; notes progs/kerasexamples15/p25_fit_retrace.py)."""
    if type(data) is ArrayData:
        leaves = nest.flatten(data.x) + nest.flatten(data.y)
    elif isinstance(data, IterableData) and isinstance(data.source, Dataset):
        x, y, _ = _unpacked_spec(data.source.element_spec)
        leaves = nest.flatten(x) + nest.flatten(y)
    else:
        return None
    names = tuple(_name_of(getattr(leaf, 'dtype', None)) for leaf in leaves if leaf is not None)
    return names if all(name in _NUMERIC for name in names) else None


_NUMERIC = frozenset(('bool', 'float16', 'bfloat16', 'float32', 'float64', 'int8', 'int16', 'int32', 'int64',
                      'uint8', 'uint16', 'uint32', 'uint64', 'complex64', 'complex128'))
_NAMES = {}     # dtype -> its name (numpy's dtype.name is Python code: fit asks once per pass, per leaf)


def _name_of(dtype):
    name = _NAMES.get(dtype)
    if name is None:
        name = getattr(dtype, 'name', None)
        if dtype is not None:
            _NAMES[dtype] = name
    return name


def given_dtypes(values):
    """The dtypes of the arrays and tensors in ``values`` as the caller gave them (before tapeflow makes
    floating arrays float32), a hashable key: Keras's train_on_batch / test_on_batch / predict_on_batch
    hand them to the traced function as they are, so TF 2.21 traces again for float64 x or y after
    float32 (a print in call() shows again). Leaves without a dtype (lists) count as None."""
    return tuple(None if dtype is None else str(dtype)
                 for dtype in (getattr(leaf, 'dtype', None) for leaf in nest.flatten(values) if leaf is not None))


def on_batch_key(kind, batch, dtypes):
    """The trace key of a ``kind`` ('train_on_batch', ...) step on ``batch``: inputs nested otherwise
    ([x] after x) and other given dtypes are traced apart, as TensorFlow's input signature tells them apart."""
    nesting = nesting_of(batch)
    return (kind, nesting, dtypes)


def input_nesting(data):
    """How the inputs of ``data`` (arrays) are nested, None for one bare array: TensorFlow traces
    a step again for inputs nested otherwise (x, then [x], which Keras hands the step as (x,)), and
    that trace runs the model's Python, whose structure warning then shows (TF 2.21: predict(x)
    then predict([x]) warns "The structure of `inputs` doesn't match the expected structure")."""
    if type(data) is not ArrayData:
        return None
    return nesting_of(data.x)


def predict_nesting(data):
    """How predict's traced function sees the elements of ``data`` nested, None for one bare tensor:
    Keras 3 hands it each element as the input yields it, arrays packed as its pack_x_y_sample_weight
    packs x alone (a list or tuple of inputs wrapped in a 1-tuple). So predict(x) and a dataset of x
    batches share a trace (TF 2.21 relaxes it to a free batch axis), while a dataset of (x,) or (x, y)
    elements, and predict([x]), are traced apart; a generator's (x,) batches share the (x,) dataset's.
    PyDatasets are not told apart (None)."""
    if type(data) is ArrayData:
        return nesting_of((data.x,)) if isinstance(data.x, (list, tuple)) else nesting_of(data.x)
    if isinstance(data, IterableData):
        if isinstance(data.source, Dataset):
            return nesting_of(data.source.element_spec)
        peeked = getattr(data, '_peeked', None)
        return nesting_of(peeked[0]) if peeked else None
    return None


def nesting_of(value):
    """The nesting of a structure of arrays, as a hashable key (lists and tuples alike; None for a leaf)."""
    if isinstance(value, (list, tuple)):
        return tuple(nesting_of(item) for item in value)
    if isinstance(value, dict):
        return tuple((key, nesting_of(value[key])) for key in sorted(value, key=str))
    return None


def traced_open_axes(data):
    """For a dataset's data, the axes of each flattened element tensor that its ``element_spec``
    leaves open (a padded batch's steps: ``(None, None, 2)``); None for other data, whose trace
    leaves only the batch axis open, if any."""
    if not (isinstance(data, IterableData) and isinstance(data.source, Dataset)):
        return None
    axes = []
    for spec in nest.flatten(data.source.element_spec):
        shape = getattr(spec, 'shape', None)
        if shape is None or getattr(shape, 'rank', 0) is None:
            return None
        axes.append(tuple(i for i, d in enumerate(shape) if d is None))
    return axes
