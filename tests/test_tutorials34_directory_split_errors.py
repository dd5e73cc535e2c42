"""The *_dataset_from_directory split-argument errors word Keras 3.15's messages (str() unchanged;
tapeflow's detail goes in a note), and with subset='both' both parts are split, printing both
'Using N files' lines, before an empty part is refused. Expected texts printed by TF 2.21 / Keras 3.15."""
import os

import pytest

from framework import keras


@pytest.fixture
def text_dir(tmp_path):
    for label in ('neg', 'pos'):
        os.makedirs(tmp_path / label)
        for i in range(3):
            (tmp_path / label / ('%d.txt' % i)).write_text('%s %d' % (label, i))
    return str(tmp_path)


INVERSELY = 'If `subset` is set, `validation_split` must be set, and inversely.'
NO_SEED = ('If using `validation_split` and shuffling the data, you must provide a `seed` argument, to make sure '
           'that there is no overlap between the training and validation subset.')


@pytest.mark.parametrize('loader', [keras.utils.text_dataset_from_directory,
                                    keras.utils.image_dataset_from_directory,
                                    keras.utils.audio_dataset_from_directory])
@pytest.mark.parametrize('kwargs, text', [
    (dict(validation_split=0.3), INVERSELY),
    (dict(subset='training'), INVERSELY),
    (dict(validation_split=0.3, subset='train', seed=1),
     '`subset` must be either "training", "validation" or "both", received: train'),
    (dict(validation_split=0.5, subset='Validation', seed=2),
     '`subset` must be either "training", "validation" or "both", received: Validation'),
    (dict(validation_split=0.3, subset='training'), NO_SEED),
    (dict(validation_split=-0.2, subset='both'), '`validation_split` must be between 0 and 1, received: -0.2'),
])
def test_split_argument_errors_word_keras_messages(text_dir, loader, kwargs, text):
    with pytest.raises(ValueError) as info:
        loader(text_dir, **kwargs)
    assert str(info.value) == text


def test_inversely_error_notes_the_arguments(text_dir):
    with pytest.raises(ValueError) as info:
        keras.utils.text_dataset_from_directory(text_dir, subset='training')
    assert info.value.__notes__ == ["got subset='training', validation_split=None"]


def test_both_subsets_are_split_before_an_empty_one_is_refused(text_dir, capsys):
    with pytest.raises(ValueError) as info:
        keras.utils.image_dataset_from_directory(text_dir, validation_split=0.3, subset='both', shuffle=False)
    assert str(info.value) == ("No training images found in directory %s. Allowed formats: ('.bmp', '.gif', "
                               "'.jpeg', '.jpg', '.png')" % text_dir)
    assert capsys.readouterr().out == ('Found 0 files belonging to 2 classes.\nUsing 0 files for training.\n'
                                       'Using 0 files for validation.\n')
