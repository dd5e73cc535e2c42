"""``keras.datasets.fashion_mnist``: 70,000 28x28 grayscale images of 10 kinds of clothing."""
import gzip
import os

import numpy as np

from ..files import get_file
from .storage import ORIGIN_FOLDER

FILES = ('train-labels-idx1-ubyte.gz', 'train-images-idx3-ubyte.gz', 't10k-labels-idx1-ubyte.gz',
         't10k-images-idx3-ubyte.gz')


def load_data():
    """(x_train, y_train), (x_test, y_test): uint8 images (60000, 28, 28) / (10000, 28, 28) and
    uint8 labels 0-9, read from the four gzipped IDX files in ``~/.keras/datasets/fashion-mnist``."""
    paths = [get_file(name, origin=ORIGIN_FOLDER + name, cache_subdir=os.path.join('datasets', 'fashion-mnist'))
             for name in FILES]
    y_train = _read(paths[0], 8)
    x_train = _read(paths[1], 16).reshape(len(y_train), 28, 28)
    y_test = _read(paths[2], 8)
    x_test = _read(paths[3], 16).reshape(len(y_test), 28, 28)
    return (x_train, y_train), (x_test, y_test)


def _read(path, header_bytes):
    # IDX files: a big-endian header (8 bytes for labels, 16 for images), then one byte per value.
    with gzip.open(path, 'rb') as f:
        return np.frombuffer(f.read(), np.uint8, offset=header_bytes)
