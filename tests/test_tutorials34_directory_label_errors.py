"""text_ / image_ / audio_dataset_from_directory refuse bad labels / label_mode / class_names with Keras
3.15's messages (the loader's name goes in a note), and batch_size=0 fails at the batch as in TF (Keras
shuffles with `shuffle_buffer_size or 1024`). Expected texts printed by TF 2.21 / Keras 3.15."""
import os

import pytest

from framework import errors
from framework import keras


@pytest.fixture
def text_dir(tmp_path):
    for label in ('neg', 'pos'):
        os.makedirs(tmp_path / label)
        for i in range(3):
            (tmp_path / label / ('%d.txt' % i)).write_text('%s %d' % (label, i))
    return str(tmp_path)


def _labels_text(opening, files, samples):
    return ('%s`labels` argument should be a list/tuple of integer labels, of the same size as the number of %s in '
            'the target directory. If you wish to infer the labels from the subdirectory names in the target '
            'directory, pass `labels="inferred"`. If you wish to get a dataset that only contains %s (no labels), '
            'pass `labels=None`. Received: labels=auto' % (opening, files, samples))


LOADERS = [(keras.utils.text_dataset_from_directory, ('', 'text files', 'text samples')),
           (keras.utils.image_dataset_from_directory, ('', 'image files', 'images')),
           (keras.utils.audio_dataset_from_directory, ('The ', 'audio files', 'audio samples'))]


@pytest.mark.parametrize('loader, words', LOADERS)
def test_bad_labels_and_label_mode_word_keras_messages(text_dir, loader, words):
    with pytest.raises(ValueError) as info:
        loader(text_dir, labels='auto')
    assert str(info.value) == _labels_text(*words)
    assert info.value.__notes__ == [loader.__name__]
    with pytest.raises(ValueError) as info:
        loader(text_dir, label_mode='sparse')
    assert str(info.value) == ('`label_mode` argument must be one of "int", "categorical", "binary", or None. '
                               'Received: label_mode=sparse')
    with pytest.raises(ValueError) as info:
        loader(text_dir, labels=[0, 1], class_names=['neg'])
    assert str(info.value) == ('You can only pass `class_names` if `labels="inferred"`. Received: labels=[0, 1], '
                               "and class_names=['neg']")


def test_binary_with_one_class_words_keras_message(text_dir):
    with pytest.raises(ValueError) as info:
        keras.utils.text_dataset_from_directory(os.path.join(text_dir, 'pos'), labels=[0, 0, 0], label_mode='binary',
                                                verbose=False)
    assert str(info.value) == ('When passing `label_mode="binary"`, there must be exactly 2 class_names. '
                               "Received: class_names=['0']")


def test_batch_size_zero_fails_at_the_batch(text_dir):
    with pytest.raises(errors.InvalidArgumentError) as info:
        keras.utils.text_dataset_from_directory(text_dir, batch_size=0, seed=1, verbose=False)
    assert str(info.value) == ('{{function_node __wrapped__BatchDatasetV2_device_/job:localhost/replica:0/task:0/'
                               'device:CPU:0}} Batch size must be greater than zero. [Op:BatchDatasetV2] name: ')


@pytest.mark.parametrize('loader', [keras.utils.text_dataset_from_directory,
                                    keras.utils.image_dataset_from_directory])
def test_unknown_format_words_keras_message(text_dir, loader):
    with pytest.raises(ValueError) as info:
        loader(text_dir, format='TF')
    assert str(info.value) == '`format` should be either "tf" or "grain". Received: format=TF'


def test_grain_format_raises_tfs_import_error_once_files_are_found(text_dir, capsys):
    # TF 2.21 without the grain package; tapeflow has no grain datasets
    with pytest.raises(ImportError) as info:
        keras.utils.text_dataset_from_directory(text_dir, format='grain')
    assert str(info.value) == 'This requires the grain module. You can install it via `pip install grain`'
    assert capsys.readouterr().out == 'Found 6 files belonging to 2 classes.\n'
    with pytest.raises(ValueError, match='^No images found in directory'):     # no images: refused first
        keras.utils.image_dataset_from_directory(text_dir, format='grain', verbose=False)
