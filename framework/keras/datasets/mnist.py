"""``keras.datasets.mnist``: 70,000 28x28 grayscale digits."""
import numpy as np

from ..files import get_file
from .storage import ORIGIN_FOLDER

SHA256 = '731c5ac602752760c8e48fbffcf8c3b850d9dc2a2aedcf2cc48468fc17b673d1'


def load_data(path='mnist.npz'):
    """(x_train, y_train), (x_test, y_test): uint8 images (60000, 28, 28) / (10000, 28, 28) and
    uint8 labels 0-9.

    Args:
        path: the file's name in the cache (``~/.keras/datasets/mnist.npz``).
    """
    path = get_file(fname=path, origin=ORIGIN_FOLDER + 'mnist.npz', file_hash=SHA256)
    with np.load(path, allow_pickle=False) as f:
        return (f['x_train'], f['y_train']), (f['x_test'], f['y_test'])
