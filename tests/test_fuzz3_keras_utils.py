"""keras.utils given arguments Keras 3 treats its own way (values printed by TF 2.21 + Keras 3)."""
import numpy as np
import pytest

from framework import keras


def test_normalize_reads_axis_0_as_keras_does():
    # Keras 3's numpy branch: ``axis = axis or -1``, so axis=0 expands the norms at -1
    assert keras.utils.normalize(np.array([[3.0, 4.0]]), axis=0).tolist() == [[1.0, 4.0 / 3.0], [0.75, 1.0]]
    assert keras.utils.normalize(np.array([[3.0, 4.0], [1.0, 0.0]]), axis=1).tolist() == [[0.6, 0.8], [1.0, 0.0]]
    assert keras.utils.normalize(np.array([[3.0, 4.0]]), axis=None).tolist() == [[0.6, 0.8]]


@pytest.mark.parametrize('seed', [-1, 2 ** 32])
def test_set_random_seed_takes_numpys_seed_range(seed):
    with pytest.raises(ValueError, match=r'Seed must be between 0 and 2\*\*32 - 1'):
        keras.utils.set_random_seed(seed)
    keras.utils.set_random_seed(2 ** 32 - 1)


@pytest.mark.parametrize('make', [keras.utils.image_dataset_from_directory, keras.utils.text_dataset_from_directory])
def test_a_missing_directory_is_file_not_found(make, tmp_path):
    missing = str(tmp_path / 'nope')
    for error in (FileNotFoundError, ValueError):      # Keras's class, and the one tapeflow raised before
        with pytest.raises(error, match=r"\[Errno 2\] No such file or directory: '.*nope'"):
            make(missing)
