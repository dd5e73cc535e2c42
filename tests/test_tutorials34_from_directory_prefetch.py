"""text_ / image_dataset_from_directory end in Keras's prefetch(AUTOTUNE), so printing the dataset
(as users do after loading, in the text classification tutorial's style) shows TF 2.21's class name
_PrefetchDataset; tapeflow printed _BatchDataset. Expected strings printed by TF 2.21 / Keras 3.15."""
import os

import numpy as np

import framework as tf
from framework import keras


def _texts(root):
    for label in ('neg', 'pos'):
        os.makedirs(os.path.join(root, label))
        for i in range(5):
            with open(os.path.join(root, label, '%d.txt' % i), 'w') as f:
                f.write('%s review %d' % (label, i))
    return str(root)


def _images(root):
    rng = np.random.RandomState(0)
    for label in ('cats', 'dogs'):
        os.makedirs(os.path.join(root, label))
        for i in range(5):
            png = tf.io.encode_png(rng.randint(0, 255, (6, 6, 3)).astype('uint8'))
            tf.io.write_file(os.path.join(root, label, '%d.png' % i), png)
    return str(root)


TEXT_BATCHED = ("<_PrefetchDataset element_spec=(TensorSpec(shape=(None,), dtype=tf.string, name=None), "
                "TensorSpec(shape=(None,), dtype=tf.int32, name=None))>")
IMAGE_BATCHED = ("<_PrefetchDataset element_spec=(TensorSpec(shape=(None, 4, 4, 3), dtype=tf.float32, name=None), "
                 "TensorSpec(shape=(None,), dtype=tf.int32, name=None))>")


def test_text_dataset_prints_as_prefetch_dataset(tmp_path):
    root = _texts(tmp_path / 'train')
    train = keras.utils.text_dataset_from_directory(root, batch_size=4, validation_split=0.2, subset='training',
                                                    seed=42, verbose=False)
    assert repr(train) == TEXT_BATCHED
    assert train.class_names == ['neg', 'pos']
    unbatched = keras.utils.text_dataset_from_directory(root, batch_size=None, seed=1, verbose=False)
    assert repr(unbatched) == ("<_PrefetchDataset element_spec=(TensorSpec(shape=(), dtype=tf.string, name=None), "
                               "TensorSpec(shape=(), dtype=tf.int32, name=None))>")
    unlabeled = keras.utils.text_dataset_from_directory(root, seed=1, labels=None, verbose=False)
    assert repr(unlabeled) == "<_PrefetchDataset element_spec=TensorSpec(shape=(None,), dtype=tf.string, name=None)>"


def test_text_dataset_both_subsets_print_as_prefetch_datasets(tmp_path):
    both = keras.utils.text_dataset_from_directory(_texts(tmp_path / 'd'), seed=1, label_mode='binary',
                                                   validation_split=0.5, subset='both', verbose=False)
    spec = ("<_PrefetchDataset element_spec=(TensorSpec(shape=(None,), dtype=tf.string, name=None), "
            "TensorSpec(shape=(None, 1), dtype=tf.float32, name=None))>")
    assert repr(both) == '[%s, %s]' % (spec, spec)
    assert [len(list(part.unbatch())) for part in both] == [5, 5]


def test_image_dataset_prints_as_prefetch_dataset(tmp_path):
    root = _images(tmp_path / 'imgs')
    dataset = keras.utils.image_dataset_from_directory(root, image_size=(4, 4), batch_size=4, seed=1, verbose=False)
    assert repr(dataset) == IMAGE_BATCHED
    assert dataset.class_names == ['cats', 'dogs'] and len(dataset.file_paths) == 10
    train, val = keras.utils.image_dataset_from_directory(root, image_size=(4, 4), batch_size=4, seed=1,
                                                          validation_split=0.2, subset='both', verbose=False)
    assert repr(train) == IMAGE_BATCHED and repr(val) == IMAGE_BATCHED
    assert [batch[0].shape for batch in train] == [(4, 4, 4, 3), (4, 4, 4, 3)]
    unbatched = keras.utils.image_dataset_from_directory(root, image_size=(4, 4), batch_size=None, seed=1,
                                                         verbose=False)
    assert repr(unbatched) == ("<_PrefetchDataset element_spec=(TensorSpec(shape=(4, 4, 3), dtype=tf.float32, "
                               "name=None), TensorSpec(shape=(), dtype=tf.int32, name=None))>")


def test_unbatched_timeseries_dataset_prints_as_prefetch_dataset():
    # Keras prefetches the windows before its optional shuffle / batch
    data = np.arange(20, dtype='float32')
    windows = keras.utils.timeseries_dataset_from_array(data, None, sequence_length=3, batch_size=None)
    assert repr(windows) == "<_PrefetchDataset element_spec=TensorSpec(shape=(None,), dtype=tf.float32, name=None)>"
    assert [w.numpy().tolist() for w in windows.take(2)] == [[0.0, 1.0, 2.0], [1.0, 2.0, 3.0]]
    pairs = keras.utils.timeseries_dataset_from_array(data, data, sequence_length=3, batch_size=None)
    assert repr(pairs) == ("<_PrefetchDataset element_spec=(TensorSpec(shape=(None,), dtype=tf.float32, name=None), "
                           "TensorSpec(shape=(), dtype=tf.float32, name=None))>")
    batched = keras.utils.timeseries_dataset_from_array(data, None, sequence_length=3, batch_size=4)
    assert repr(batched) == "<_BatchDataset element_spec=TensorSpec(shape=(None, None), dtype=tf.float32, name=None)>"
