"""``tf.keras.preprocessing.sequence.TimeseriesGenerator``: Keras 1's windowed batches of a
time series, a ``PyDataset`` that ``fit`` and ``predict`` read batch by batch."""
import numpy as np

from layers.training.py_dataset import PyDataset


class TimeseriesGenerator(PyDataset):
    """Batches of (window of ``length`` past steps, target at the step after it).

    Sample ``j`` ends just before row ``r`` = start_index + length + j * stride and holds
    ``data[r - length:r:sampling_rate]`` with target ``targets[r]``; rows stop at ``end_index``
    (default the last). ``shuffle`` draws each batch's rows with ``np.random.randint``;
    ``reverse`` gives the windows newest step first.

    Raises:
        ValueError: data and targets of different lengths, or no row left to predict.

    Keras's ``to_json`` fails under TF 2.21 (its PyDataset base has no get_config); tapeflow's
    generator has none.
    """

    def __init__(self, data, targets, length, sampling_rate=1, stride=1, start_index=0, end_index=None,
                 shuffle=False, reverse=False, batch_size=128, **kwargs):
        super().__init__(**kwargs)
        if len(data) != len(targets):
            raise ValueError('Data and targets have to be of same length. Data length is %d while target length '
                             'is %d' % (len(data), len(targets)))
        self.data, self.targets = data, targets
        self.length, self.sampling_rate, self.stride = length, sampling_rate, stride
        self.start_index = start_index + length
        self.end_index = len(data) - 1 if end_index is None else end_index
        self.shuffle, self.reverse, self.batch_size = shuffle, reverse, batch_size
        if self.start_index > self.end_index:
            raise ValueError('`start_index+length=%d > end_index=%d` is disallowed, as no part of the sequence '
                             'would be left to be used as current step.' % (self.start_index, self.end_index))

    def __len__(self):
        span = self.batch_size * self.stride
        return (self.end_index - self.start_index + span) // span

    def __getitem__(self, index):
        if self.shuffle:
            rows = np.random.randint(self.start_index, self.end_index + 1, size=self.batch_size)
        else:
            first = self.start_index + self.batch_size * self.stride * index
            rows = np.arange(first, min(first + self.batch_size * self.stride, self.end_index + 1), self.stride)
        samples = np.array([self.data[row - self.length:row:self.sampling_rate] for row in rows])
        targets = np.array([self.targets[row] for row in rows])
        return (samples[:, ::-1, ...], targets) if self.reverse else (samples, targets)
