"""``tf.data.experimental``'s older spellings of Dataset methods: the transformations (for
``ds.apply(...)``) and the functions that TensorFlow keeps as deprecated aliases.

The experimental ``choose_from_datasets`` stops at an empty dataset only when asked
(``stop_on_empty_dataset=False`` by default), unlike ``Dataset.choose_from_datasets``: TF's own
difference, kept."""
from ..deprecation import deprecated
from .arguments import dataset_name
from .dataset import Dataset

_OPS = 'tensorflow.python.data.experimental.ops.'   # where TF's deprecated functions live


def _expects_dataset(dataset, name):
    if not isinstance(dataset, Dataset):
        raise TypeError('tf.data.experimental.%s: expected a tf.data.Dataset, got %s' % (name, type(dataset).__name__))
    return dataset


@deprecated('sample_from_datasets_v2', _OPS + 'interleave_ops',
            'Use `tf.data.Dataset.sample_from_datasets(...)`.')
def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    return Dataset.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


@deprecated('choose_from_datasets_v2', _OPS + 'interleave_ops',
            'Use `tf.data.Dataset.choose_from_datasets(...)` instead. Note that, unlike the experimental endpoint, '
            'the non-experimental endpoint sets `stop_on_empty_dataset=True` by default. You should set this '
            'argument explicitly in case you would like to match the behavior of the experimental endpoint.')
def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=False):
    return Dataset.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


@deprecated('get_single_element', _OPS + 'get_single_element',
            'Use `tf.data.Dataset.get_single_element()`.')
def get_single_element(dataset):
    return _expects_dataset(dataset, 'get_single_element').get_single_element()


@deprecated('unique', _OPS + 'unique',
            'Use `tf.data.Dataset.unique(...)')
def unique():
    return lambda dataset: dataset.unique()


@deprecated('take_while', _OPS + 'take_while_ops',
            'Use `tf.data.Dataset.take_while(...)')
def take_while(predicate):
    return lambda dataset: dataset.take_while(predicate)


@deprecated('scan', _OPS + 'scan_ops',
            'Use `tf.data.Dataset.scan(...) instead')
def scan(initial_state, scan_func):
    return lambda dataset: dataset.scan(initial_state, scan_func)


@deprecated('rejection_resample', _OPS + 'resampling',
            'Use `tf.data.Dataset.rejection_resample(...)`.')
def rejection_resample(class_func, target_dist, initial_dist=None, seed=None):
    return lambda dataset: dataset.rejection_resample(class_func, target_dist, initial_dist, seed)


@deprecated('enumerate_dataset', _OPS + 'enumerate_ops',
            'Use `tf.data.Dataset.enumerate()`.')
def enumerate_dataset(start=0):
    return lambda dataset: dataset.enumerate(start)


@deprecated('ignore_errors', _OPS + 'error_ops',
            'Use `tf.data.Dataset.ignore_errors` instead.')
def ignore_errors(log_warning=False):
    return lambda dataset: dataset.ignore_errors(log_warning)


@deprecated('group_by_window', _OPS + 'grouping',
            'Use `tf.data.Dataset.group_by_window(...)`.')
def group_by_window(key_func, reduce_func, window_size=None, window_size_func=None):
    return lambda dataset: dataset.group_by_window(key_func, reduce_func, window_size, window_size_func)


@deprecated('bucket_by_sequence_length', _OPS + 'grouping',
            'Use `tf.data.Dataset.bucket_by_sequence_length(...)`.')
def bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes=None,
                              padding_values=None, pad_to_bucket_boundary=False, no_padding=False,
                              drop_remainder=False):
    return lambda dataset: dataset.bucket_by_sequence_length(
        element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes, padding_values,
        pad_to_bucket_boundary, no_padding, drop_remainder)


@deprecated('unbatch', _OPS + 'batching',
            'Use `tf.data.Dataset.unbatch()`.')
def unbatch():
    return lambda dataset: dataset.unbatch()


@deprecated('CounterV2', _OPS + 'counter',
            'Use `tf.data.Dataset.counter(...)` instead.')
def Counter(start=0, step=1, dtype='int64'):  # noqa: N802  (TensorFlow's name)
    """An endless dataset start, start + step, ... (Dataset.counter)."""
    return Dataset.counter(start, step, dtype)


@deprecated('shuffle_and_repeat', _OPS + 'shuffle_ops',
            'Use `tf.data.Dataset.shuffle(buffer_size, seed)` followed by `tf.data.Dataset.repeat(count)`. '
            'Static tf.data optimizations will take care of using the fused implementation.')
def shuffle_and_repeat(buffer_size, count=None, seed=None):
    """``ds.shuffle(buffer_size, seed).repeat(count)``, which TensorFlow's deprecated fused version is."""
    return lambda dataset: dataset.shuffle(buffer_size, seed=seed).repeat(count)


@deprecated('map_and_batch', _OPS + 'batching',
            'Use `tf.data.Dataset.map(map_func, num_parallel_calls)` followed by '
            '`tf.data.Dataset.batch(batch_size, drop_remainder)`. '
            'Static tf.data optimizations will take care of using the fused implementation.')
def map_and_batch(map_func, batch_size, num_parallel_batches=None, drop_remainder=False, num_parallel_calls=None):
    """``ds.map(map_func).batch(batch_size, drop_remainder)``, which TensorFlow's fused version computes."""
    return lambda dataset: dataset.map(map_func).batch(batch_size, drop_remainder=drop_remainder)


def at(dataset, index):
    """The element at ``index``; an OutOfRangeError outside [0, cardinality), with TF's words."""
    from ..errors import OutOfRangeError
    _expects_dataset(dataset, 'at')
    index = int(index)
    if index >= 0:
        for element in dataset.skip(index).take(1):
            return element
    size = int(dataset.cardinality())
    raise OutOfRangeError('tf.data.experimental.at: Index out of range [0, %s):%d'
                          % (size if size >= 0 else '?', index))


def get_structure(dataset_or_iterator):
    """The element_spec of a dataset or of its iterator."""
    spec = getattr(dataset_or_iterator, 'element_spec', None)
    if spec is None:
        raise TypeError('Invalid `dataset_or_iterator`. `dataset_or_iterator` must be a `tf.data.Dataset` or '
                        'tf.data.Iterator object, but got %s.' % type(dataset_or_iterator))
    return spec


def from_list(elements, name=None):
    """A dataset of ``elements`` (a non-empty list of equally structured elements), which, unlike
    from_tensor_slices, may differ in shape: the spec has None on each axis whose size varies.

    Raises:
        ValueError: an empty list, or elements of different structures (TF's words).
    """
    from .. import nest
    from .spec import TensorSpec
    from .structure import host_structure, spec_of
    if not elements:
        raise ValueError('Invalid `elements`. `elements` should not be empty. If you want an empty dataset, use '
                         '`tf.data.Dataset.range(0)`.')
    hosted = [host_structure(_as_converted(e)) for e in elements]
    for element in hosted[1:]:
        try:
            nest.assert_same_structure(hosted[0], element, check_types=False)
        except (ValueError, TypeError):
            raise ValueError("tf.data.experimental.from_list: The two structures don't have the same nested "
                             'structure: %s and %s' % (hosted[0], element)) from None
    specs = [nest.flatten(spec_of(e)) for e in hosted]

    def merged(k):
        shapes = {tuple(s[k].shape) for s in specs}
        first = specs[0][k]
        if len(shapes) == 1:
            return first
        if len({len(shape) for shape in shapes}) > 1:
            return TensorSpec(None, first.dtype)
        return TensorSpec([d if len({shape[i] for shape in shapes}) == 1 else None
                           for i, d in enumerate(tuple(first.shape))], first.dtype)
    spec = nest.pack_sequence_as(hosted[0], [merged(k) for k in range(len(specs[0]))])
    dataset_name(name)
    return Dataset(lambda: iter(hosted), len(hosted), lambda: spec)


def _as_converted(element):
    """Each component as a tensor of TF's conversion dtype (Python ints int32, floats float32)."""
    from .. import nest
    from ..tensor import convert_to_tensor
    return nest.map_structure(convert_to_tensor, element)


@deprecated('dense_to_ragged_batch', _OPS + 'batching',
            'Use `tf.data.Dataset.ragged_batch` instead.')
def dense_to_ragged_batch(batch_size, drop_remainder=False, row_splits_dtype='int64'):
    """``ds.ragged_batch(...)``, which TensorFlow's deprecated transformation now is."""
    return lambda dataset: dataset.ragged_batch(batch_size, drop_remainder, row_splits_dtype)


@deprecated('parallel_interleave', _OPS + 'interleave_ops',
            'Use `tf.data.Dataset.interleave(map_func, cycle_length, block_length, '
            'num_parallel_calls=tf.data.AUTOTUNE)` instead. If sloppy execution is desired, use '
            '`tf.data.Options.deterministic`.')
def parallel_interleave(map_func, cycle_length, block_length=1, sloppy=False, buffer_output_elements=None,
                        prefetch_input_elements=None):
    """``ds.interleave(map_func, cycle_length, block_length)``: TF's order unless ``sloppy`` (which
    lets TF take whichever input is ready first; tapeflow keeps the deterministic order)."""
    return lambda dataset: dataset.interleave(map_func, cycle_length, block_length)


def prefetch_to_device(device, buffer_size=None):
    """The same elements: tapeflow's elements already live where its ops run (TF 2.21's is copy_to_device,
    then a prefetch: its count is unknown too)."""
    return lambda dataset: copy_to_device(device)(dataset).prefetch(-1 if buffer_size is None else buffer_size)


def copy_to_device(target_device, source_device='/cpu:0'):
    """The same elements (tapeflow has one host memory for datasets), in TF 2.21's stage: a
    _CopyToDeviceDataset of unknown cardinality (-2), whatever its input's count."""
    from .cardinality import UNKNOWN_CARDINALITY

    def copied(dataset):
        stage = dataset._then(dataset._make_iterator, UNKNOWN_CARDINALITY)
        stage._tf_class = '_CopyToDeviceDataset'
        return stage
    return copied


NAMES = ('sample_from_datasets', 'choose_from_datasets', 'get_single_element', 'unique', 'take_while', 'scan',
         'rejection_resample',
         'enumerate_dataset', 'ignore_errors', 'group_by_window', 'bucket_by_sequence_length', 'unbatch', 'Counter',
         'shuffle_and_repeat', 'map_and_batch', 'at', 'get_structure', 'dense_to_ragged_batch', 'from_list',
         'parallel_interleave', 'prefetch_to_device', 'copy_to_device')
