"""``tf.data.experimental.make_batched_features_dataset``: batches of parsed tf.train.Examples from
TFRecord files, as TF 2.21 builds it: the matching files (list_files, shuffled with the seed), read
``reader_num_threads`` at a time by interleaving, shuffled and repeated, batched (the last short batch
dropped when ``num_epochs`` is None), parsed with ``features`` and split into (features, label)."""
from .files import TFRecordDataset


def make_batched_features_dataset(file_pattern, batch_size, features, reader=None, label_key=None,
                                  reader_args=None, num_epochs=None, shuffle=True, shuffle_buffer_size=10000,
                                  shuffle_seed=None, prefetch_buffer_size=None, reader_num_threads=None,
                                  parser_num_threads=None, sloppy_ordering=False, drop_final_batch=False):
    """A dataset of {name: parsed feature} batches (or (features, label) with ``label_key``)."""
    from .dataset import AUTOTUNE, Dataset
    from .experimental_deprecated import parse_example_dataset
    if label_key is not None and label_key not in features:
        raise ValueError('The `label_key` provided (%s) must be one of the `features` keys: %s.'
                         % (label_key, features.keys()))
    reader = TFRecordDataset if reader is None else reader
    reader_args = list(reader_args or [])
    files = Dataset.list_files(file_pattern, shuffle=shuffle, seed=shuffle_seed)
    records = files.interleave(lambda name: reader(name, *reader_args), cycle_length=reader_num_threads or 1,
                               block_length=1)
    if num_epochs != 1 and shuffle:
        records = records.shuffle(shuffle_buffer_size, shuffle_seed).repeat(num_epochs)
    elif shuffle:
        records = records.shuffle(shuffle_buffer_size, shuffle_seed)
    elif num_epochs != 1:
        records = records.repeat(num_epochs)
    batches = records.batch(batch_size, drop_remainder=drop_final_batch or num_epochs is None)
    parsed = batches.apply(parse_example_dataset(features, num_parallel_calls=parser_num_threads))
    if label_key is not None:
        parsed = parsed.map(lambda x: (x, x.pop(label_key)))
    return parsed.prefetch(AUTOTUNE if prefetch_buffer_size is None else prefetch_buffer_size)
