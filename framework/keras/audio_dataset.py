"""``keras.utils.audio_dataset_from_directory``: a Dataset of (audio, label) from a folder of .wav files.

Files are listed, labelled and globally shuffled as Keras 3 does (numpy ``RandomState(seed)``,
shared with the text and image loaders), then read with ``tf.audio.decode_wav`` into float32
(samples, channels). Batches are zero-padded to their longest clip, or cut / padded to
``output_sequence_length``, or ragged. The per-epoch buffer shuffle Keras adds on top draws
from tapeflow's seeded stream (see ``Dataset.shuffle``).
"""
import numpy as np

from .directory_index import (check_label_args, check_validation_split_arg, index_directory,
                              split_subsets)
from .file_dataset import file_bytes, files_dataset

ALLOWED_FORMATS = ('.wav',)


def _check_audio_args(ragged, output_sequence_length, sampling_rate):
    if ragged and output_sequence_length is not None:
        raise ValueError('Cannot set both `ragged` and `output_sequence_length`')
    if sampling_rate is not None:
        if not isinstance(sampling_rate, int):
            raise ValueError('`sampling_rate` should have an integer value. Received: sampling_rate=%s'
                             % (sampling_rate,))
        if sampling_rate <= 0:
            raise ValueError('`sampling_rate` should be higher than 0. Received: sampling_rate=%s' % sampling_rate)
        # Keras resamples with tensorflow_io, which tapeflow has no counterpart of
        raise ImportError('To use the argument `sampling_rate`, you should install tensorflow_io. You can install it '
                          'via `pip install tensorflow-io`.')


def audio_dataset_from_directory(directory, labels='inferred', label_mode='int', class_names=None, batch_size=32,
                                 sampling_rate=None, output_sequence_length=None, ragged=False, shuffle=True,
                                 seed=None, validation_split=None, subset=None, follow_links=False, verbose=True):
    """A Dataset of float32 (batch, samples, channels) audio, with labels unless ``labels`` or
    ``label_mode`` is None.

    Args (Keras 3's): as ``text_dataset_from_directory``, plus
        output_sequence_length: cut or zero-pad every clip to this many samples (default: each
            batch padded to its longest clip).
        ragged: batches as RaggedTensors of the clips' own lengths.
        sampling_rate: refused (Keras resamples through tensorflow_io: ImportError).
    Returns:
        a Dataset with a ``class_names`` attribute, or (train, validation) with subset='both'.
    Raises:
        ValueError: bad labels, label_mode, split or length arguments, or no .wav files.
    """
    labels, label_mode = check_label_args('audio_dataset_from_directory', labels, label_mode, class_names)
    _check_audio_args(ragged, output_sequence_length, sampling_rate)
    check_validation_split_arg(validation_split, subset, shuffle, seed)
    if seed is None:
        seed = np.random.randint(1e6)
    file_paths, labels, class_names = index_directory(directory, labels, formats=ALLOWED_FORMATS,
                                                      class_names=class_names, shuffle=shuffle, seed=seed,
                                                      follow_links=follow_links, verbose=verbose)
    if label_mode == 'binary' and len(class_names) != 2:
        raise ValueError('When passing `label_mode="binary"`, there must be exactly 2 class_names. Received: '
                         'class_names=%s' % (class_names,))
    buffer = batch_size * 8 if batch_size else 1024      # Keras: shuffle(shuffle_buffer_size or 1024)
    num_classes = len(class_names) if class_names else 0
    out = []
    for part, paths, part_labels in split_subsets(file_paths, labels, validation_split, subset, 'audio files',
                                                  directory, 'Allowed format(s): %s' % (ALLOWED_FORMATS,)):
        dataset = _clips(paths, part_labels, label_mode, num_classes, output_sequence_length,
                         shuffle and not (subset == 'both' and part == 'validation'), buffer, seed)
        dataset = _batched(dataset, batch_size, output_sequence_length, ragged, label_mode)
        dataset.class_names = class_names
        out.append(dataset)
    return tuple(out) if subset == 'both' else out[0]


def _clips(paths, labels, label_mode, num_classes, output_sequence_length, shuffle, buffer, seed):
    from framework.audio import decode_wav
    from framework.data.spec import TensorSpec
    samples = -1 if output_sequence_length is None else output_sequence_length

    def read(path):
        return decode_wav(file_bytes(path), desired_samples=samples).audio

    return files_dataset(paths, labels, label_mode, num_classes, read,
                         TensorSpec((output_sequence_length, None), 'float32'), shuffle, buffer, seed)


def _batched(dataset, batch_size, output_sequence_length, ragged, label_mode):
    if ragged:
        batched = _ragged(dataset, batch_size, label_mode)
        batched._tf_class = '_PrefetchDataset' if batch_size is None else '_BatchDataset'     # as TF prints it
        return batched
    dataset = dataset.prefetch(-1)                  # Keras's prefetch(AUTOTUNE), before batching
    if batch_size is None:
        return dataset
    return dataset.padded_batch(batch_size) if output_sequence_length is None else dataset.batch(batch_size)


def _ragged(dataset, batch_size, label_mode):
    """TensorFlow's RaggedTensor.from_tensor of each clip, batched: ragged over samples and channels."""
    from framework.data.spec import TensorSpec
    from framework.ragged import RaggedTensor
    from framework.ragged.ragged_spec import RaggedTensorSpec

    def ragged(clips):
        lengths = [c.shape[0] for c in clips]
        channels = [c.shape[1] for c in clips for _ in range(c.shape[0])]
        values = np.concatenate([np.asarray(c).reshape(-1) for c in clips]) if clips else np.zeros(0, np.float32)
        if batch_size is None:
            return RaggedTensor.from_row_lengths(values.reshape(-1, clips[0].shape[1]), lengths, validate=False)
        return RaggedTensor.from_nested_row_lengths(values, [np.int64(lengths), np.int64(channels)], validate=False)

    def stream():
        pending = []
        for element in dataset._make_iterator():
            pending.append(element)
            if batch_size is None or len(pending) == batch_size:
                yield _group(pending, ragged, label_mode, batch_size)
                pending = []
        if pending:
            yield _group(pending, ragged, label_mode, batch_size)

    rank = 2 if batch_size is None else 3
    audio_spec = RaggedTensorSpec([None] * rank, 'float32', rank - 1, 'int64')
    spec = audio_spec if label_mode is None else (
        audio_spec, dataset.element_spec[1] if batch_size is None
        else TensorSpec((None,) + tuple(dataset.element_spec[1].shape), dataset.element_spec[1].dtype))
    count = len(dataset) if batch_size is None else -(-len(dataset) // batch_size)
    return dataset._then(stream, count, lambda: spec)


def _group(elements, ragged, label_mode, batch_size):
    if batch_size is None:
        return ragged([elements[0]]) if label_mode is None else (ragged([elements[0][0]]), elements[0][1])
    if label_mode is None:
        return ragged(elements)
    from framework.ops import stack
    return ragged([e[0] for e in elements]), stack([e[1] for e in elements])
