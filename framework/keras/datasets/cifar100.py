"""``keras.datasets.cifar100``: 60,000 32x32 colour images in 100 fine / 20 coarse classes."""
import os

from .cifar import extracted_folder, finish, load_batch

ORIGIN = 'https://www.cs.toronto.edu/~kriz/cifar-100-python.tar.gz'
SHA256 = '85cd44d02ba6437773c5bbd22e183051d648de2e7d6b014e1ef29b855ba677a7'


def load_data(label_mode='fine'):
    """(x_train, y_train), (x_test, y_test): uint8 images (50000, 32, 32, 3) / (10000, 32, 32, 3)
    and integer labels of shape (n, 1).

    Args:
        label_mode: 'fine' (100 classes) or 'coarse' (20 superclasses).
    Raises:
        ValueError: another label_mode.
    """
    if label_mode not in ('fine', 'coarse'):
        raise ValueError('cifar100.load_data: `label_mode` must be "fine" or "coarse", got %r' % (label_mode,))
    folder = extracted_folder('cifar-100-python-target', ORIGIN, SHA256, 'cifar-100-python')
    x_train, y_train = load_batch(os.path.join(folder, 'train'), label_key=label_mode + '_labels')
    x_test, y_test = load_batch(os.path.join(folder, 'test'), label_key=label_mode + '_labels')
    return finish(x_train, y_train, x_test, y_test)
