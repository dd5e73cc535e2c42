"""``keras.utils.timeseries_dataset_from_array``: sliding windows over a series, as a Dataset.

Windows are cut lazily from the array (a 300,000-step series with
120-step windows would otherwise be copied 120 times). Which windows exist,
their order with ``shuffle`` (numpy ``RandomState(seed)``, as Keras) and the
target each one gets are Keras 3's; the extra per-batch shuffle Keras applies
on top with ``shuffle`` draws from tapeflow's seeded stream instead of TF's.
"""
import numpy as np

from framework.data.eager_functions_warning import warn_if_functions_run_eagerly
from framework.backend import to_host
from framework.ops.graph_input_errors import kernel_dtype_name
from framework.tensor import Tensor, convert_to_tensor


def timeseries_dataset_from_array(data, targets, sequence_length, sequence_stride=1, sampling_rate=1,
                                  batch_size=128, shuffle=False, seed=None, start_index=None, end_index=None,
                                  format='tf'):  # noqa: A002 -- Keras 3's name
    """A Dataset of windows ``data[i : i + sequence_length * sampling_rate : sampling_rate]``.

    Args:
        data: an array or tensor; axis 0 is time.
        targets: the target of the window starting at step i is ``targets[i]`` (None: windows only).
        sequence_length: the number of steps in a window.
        sequence_stride: the step between the starts of consecutive windows.
        sampling_rate: the step between the entries of one window.
        batch_size: windows per batch (None: unbatched windows).
        shuffle: shuffle the windows (their order, and then within a buffer of 8 batches).
        seed: the shuffling seed.
        start_index, end_index: use only ``data[start_index:end_index]`` (targets are indexed
            from ``start_index`` too).
        format: 'tf' (a Dataset); Keras 3's 'grain' needs the grain package, which tapeflow does not use.
    Returns:
        a Dataset of ``(windows, targets)`` batches, or of windows alone.
    Raises:
        ValueError: indices, strides or rates outside what the data's length allows, or a format
            other than 'tf' / 'grain'.
        ImportError: format='grain'.
    """
    length = len(data)      # Keras measures what it is given: None or a number is Python's TypeError
    # Keras's checks, in its order and with its texts.
    if start_index:
        if start_index < 0:
            raise ValueError('`start_index` must be 0 or greater. Received: start_index=%s' % start_index)
        if start_index >= length:
            raise ValueError('`start_index` must be lower than the length of the data. Received: start_index=%s, '
                             'for data of length %d' % (start_index, length))
    if end_index:
        if start_index and end_index <= start_index:
            raise ValueError('`end_index` must be higher than `start_index`. Received: start_index=%s, and '
                             'end_index=%s ' % (start_index, end_index))
        if end_index >= length:
            raise ValueError('`end_index` must be lower than the length of the data. Received: end_index=%s, for '
                             'data of length %d' % (end_index, length))
        if end_index <= 0:
            raise ValueError('`end_index` must be higher than 0. Received: end_index=%s' % end_index)
    for name, value in (('sampling_rate', sampling_rate), ('sequence_stride', sequence_stride)):
        if value <= 0:
            raise ValueError('`%s` must be higher than 0. Received: %s=%s' % (name, name, value))
        if value >= length:
            raise ValueError('`%s` must be lower than the length of the data. Received: %s=%s, for data of length %d'
                             % (name, name, value, length))
    if format not in ('tf', 'grain'):
        raise ValueError('`format` should be either "tf" or "grain". Received: format=%s' % (format,))
    if format == 'grain':
        error = ImportError('This requires the grain module. You can install it via `pip install grain`')
        error.add_note("timeseries_dataset_from_array: tapeflow makes tf.data-style Datasets only: pass format='tf'")
        raise error

    data = _host(data, 'data')
    # (an end_index of 0 stays 0: Keras's 'is None' default, so no windows)
    start_index = 0 if start_index is None else start_index
    end_index = length if end_index is None else end_index
    count = end_index - start_index - (sequence_length - 1) * sampling_rate
    targets = None if targets is None else _host(targets, 'targets')
    if targets is not None:
        # Keras caps at len(targets) and then fails mid-iteration when start_index leaves fewer
        # targets than that; counting only the targets from start_index on keeps every window valid.
        count = min(count, len(targets) - start_index)
    starts = np.arange(0, count, sequence_stride, dtype='int32' if count < 2 ** 31 - 1 else 'int64')
    if shuffle:
        if seed is None:
            seed = np.random.randint(1e6)
        np.random.RandomState(seed).shuffle(starts)
    warn_if_functions_run_eagerly()     # (Keras maps its index windows with a tf.data function)
    # Keras counts the windows with the lengths given, and cuts them with tf.cast's truncated ints (a
    # sequence_length of 2.5 gives 2-step windows, one more of them than 3 would)
    dataset = _windows(data[start_index:end_index], starts, int(sequence_length), int(sampling_rate),
                       None if targets is None else targets[start_index:end_index])
    dataset = dataset.prefetch(-1)      # Keras's prefetch(AUTOTUNE): unbatched, prints as _PrefetchDataset as TF's
    if batch_size is None:
        return dataset.shuffle(1024, seed=seed) if shuffle else dataset
    if shuffle:
        dataset = dataset.shuffle(batch_size * 8, seed=seed)
    return dataset.batch(batch_size)


def _host(values, name):
    if not isinstance(values, (Tensor, np.ndarray)):
        # Keras slices a list and TensorFlow converts the slice: Python ints are int32, floats float32
        values = convert_to_tensor(values)
    out = to_host(values._data) if isinstance(values, Tensor) else np.asarray(values)
    if out.ndim == 0:       # a string: Keras's gather of the windows' steps meets it first
        kind = 'STRING' if out.dtype.kind in 'SUO' else kernel_dtype_name(out.dtype).upper()
        error = ValueError("Shape must be at least rank 1 but is rank 0 for '{{node GatherV2}} = GatherV2["
                           'Taxis=DT_INT32, Tindices=DT_INT32, Tparams=DT_%s, batch_dims=0](args_0, args_1, '
                           "GatherV2/axis)' with input shapes: [], [?], []." % kind)
        error.add_note('timeseries_dataset_from_array: `%s` must be an array with a time axis, got %r' % (name, values))
        raise error
    return out


def _windows(series, starts, sequence_length, sampling_rate, targets):
    from framework.data import Dataset
    from framework.data.spec import TensorSpec
    span = sequence_length * sampling_rate

    def window_stream():
        for start in starts:
            window = series[start:start + span:sampling_rate]
            yield window if targets is None else (window, targets[start])

    # TensorFlow's windows are gathered, so their time axis is of unknown size: (None, None, 5) once
    # batched; the time-series tutorial's set_shape gives it back in its map function.
    window_spec = TensorSpec((None,) + series.shape[1:], series.dtype)
    spec = window_spec if targets is None else (window_spec, TensorSpec(targets.shape[1:], targets.dtype))
    return Dataset(window_stream, len(starts), lambda: spec)
