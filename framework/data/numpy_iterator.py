"""``tf.data.NumpyIterator``: what ``Dataset.as_numpy_iterator()`` returns, an iterator of the
elements as numpy values."""


class NumpyIterator:
    """Iterates a dataset's elements as numpy values (``next(it)``, ``for x in it``)."""

    def __init__(self, elements):
        self._elements = elements

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._elements)

    def __repr__(self):
        return '<NumpyIterator>'
