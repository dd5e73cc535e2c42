"""What CIFAR-10 and CIFAR-100 share: reading one pickled batch file of the python version."""
import os

import numpy as np

from ..backend import image_data_format
from ..files import get_file
from .storage import ArrayOnlyUnpickler


def extracted_folder(dirname, origin, file_hash, inner):
    """The folder of the unpacked archive, downloaded and extracted as Keras does it."""
    return os.path.join(get_file(fname=dirname, origin=origin, extract=True, file_hash=file_hash), inner)


def load_batch(fpath, label_key='labels'):
    """(data (n, 3, 32, 32) uint8, labels list) from one CIFAR batch file."""
    with open(fpath, 'rb') as f:
        batch = ArrayOnlyUnpickler(f, encoding='bytes').load()
    batch = {key.decode('utf8') if isinstance(key, bytes) else key: value for key, value in batch.items()}
    data = batch['data']
    return data.reshape(data.shape[0], 3, 32, 32), batch[label_key]


def finish(x_train, y_train, x_test, y_test):
    """Labels as (n, 1) columns; images channels_last unless image_data_format says otherwise."""
    y_train = np.reshape(y_train, (len(y_train), 1))
    y_test = np.reshape(y_test, (len(y_test), 1))
    if image_data_format() == 'channels_last':
        x_train, x_test = x_train.transpose(0, 2, 3, 1), x_test.transpose(0, 2, 3, 1)
    return (x_train, y_train), (x_test, y_test)
