"""``keras.datasets.cifar10``: 60,000 32x32 colour images in 10 classes."""
import os

import numpy as np

from .cifar import extracted_folder, finish, load_batch

ORIGIN = 'https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz'
SHA256 = '6d958be074577803d12ecdefd02955f39262c83c16fe9348329d7fe0b5c001ce'


def load_data():
    """(x_train, y_train), (x_test, y_test): uint8 images (50000, 32, 32, 3) / (10000, 32, 32, 3)
    (channels_last) and uint8 labels of shape (n, 1).

    The archive is cached as ``datasets/cifar-10-batches-py-target_archive`` and unpacked into
    ``datasets/cifar-10-batches-py-target``, Keras 3's names.
    """
    folder = extracted_folder('cifar-10-batches-py-target', ORIGIN, SHA256, 'cifar-10-batches-py')
    batches = [load_batch(os.path.join(folder, 'data_batch_%d' % i)) for i in range(1, 6)]
    x_train = np.concatenate([data for data, _ in batches]).astype('uint8')
    y_train = np.concatenate([np.asarray(labels) for _, labels in batches]).astype('uint8')
    x_test, y_test = load_batch(os.path.join(folder, 'test_batch'))
    (x_train, y_train), (x_test, y_test) = finish(x_train, y_train, x_test, y_test)
    return (x_train, y_train), (x_test.astype(x_train.dtype), y_test.astype(y_train.dtype))
