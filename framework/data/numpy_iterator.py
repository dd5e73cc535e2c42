"""``tf.data.NumpyIterator``: what ``Dataset.as_numpy_iterator()`` returns, an iterator of the
elements as numpy values."""
from ..errors import OpError
from .iterator_errors import recounted


class NumpyIterator:
    """Iterates a dataset's elements as numpy values (``next(it)``, ``for x in it``)."""

    def __init__(self, elements, dataset=None):
        self._elements = elements
        self._dataset = dataset         # names a reader's error by its component count (iterator_errors)

    def __iter__(self):
        return self

    def __next__(self):
        try:
            return next(self._elements)
        except OpError as err:
            fixed = None if self._dataset is None else recounted(err, self._dataset)
            if fixed is None:
                raise
            raise fixed from None

    def next(self):
        """``next(it)``, as TensorFlow's NumpyIterator also spells it (Python 2's name)."""
        return self.__next__()

    def __repr__(self):
        # TF 2.21 prints the OwnedIterator it wraps; tapeflow's elements stand in for it (their address)
        return 'NumpyIterator(iterator=<tensorflow.python.data.ops.iterator_ops.OwnedIterator object at %#x>)' % id(
            self._elements)
