"""InputSpec: what a built layer accepts (rank and fixed axis widths)."""
from framework import trace_names


class InputSpec:
    """The rank and axis sizes a layer's input must have.

    Args:
        ndim: the exact rank, or None.
        min_ndim: the least rank, or None.
        axes: a dict from axis (negative counts from the end) to its size.
        name: the input's key when inputs come as a dict; errors name it (Keras 3 says 'None'
            when it is unset), and, as in Keras 3, the config leaves it out.
    """
    __slots__ = ('ndim', 'min_ndim', 'axes', 'name', '_axis_sizes')

    def __init__(self, ndim=None, min_ndim=None, axes=None, name=None):
        self.ndim = ndim
        self.min_ndim = min_ndim
        self.axes = dict(axes or {})
        self.name = name
        self._axis_sizes = tuple((a, s) for a, s in self.axes.items() if s is not None)

    def check(self, layer, shape, index=0):
        """Raise ValueError naming ``layer`` when ``shape`` does not fit."""
        rank = len(shape)
        # Every layer call runs this: the common case (it fits) is a few comparisons.
        if (self.ndim is None or rank == self.ndim) and (self.min_ndim is None or rank >= self.min_ndim):
            for axis, size in self._axis_sizes:
                if not -rank <= axis < rank or shape[axis] != size:
                    break
            else:
                return
        # Keras 3.15's wording, quotes included: "Input 0 with name 'None' of layer 'dense' ...", with the
        # shape its traced step sees ((None, 5) in fit)
        shape = trace_names.open_batch(tuple(shape))
        prefix = "Input %d with name '%s' of layer '%s' is incompatible with the layer: " % (index, self.name, layer.name)
        text = None
        if self.ndim is not None and rank != self.ndim:
            text = 'expected ndim=%d, found ndim=%d. Full shape received: %s' % (self.ndim, rank, tuple(shape))
        elif self.min_ndim is not None and rank < self.min_ndim:
            text = 'expected min_ndim=%d, found ndim=%d. Full shape received: %s' % (self.min_ndim, rank, tuple(shape))
        else:
            for axis, size in self.axes.items():
                if size is not None and -rank <= axis < rank and shape[axis] not in (size, None):
                    text = ('expected axis %d of input shape to have value %d, but received input with shape %s'
                            % (axis, size, tuple(shape)))
                    break
        if text is not None:
            error = ValueError(prefix + text)
            # a Sequential's build lets this one through, as Keras 3's does (it hides only shape-inference gaps)
            error.incompatible_input = True
            raise error

    def get_config(self):
        return {'ndim': self.ndim, 'min_ndim': self.min_ndim, 'axes': dict(self.axes)}

    def __repr__(self):
        # Keras 3's: only the fields that are set (truthy), e.g. InputSpec(min_ndim=2, axes={-1: 4})
        fields = (('ndim', self.ndim), ('min_ndim', self.min_ndim), ('axes', self.axes))
        return 'InputSpec(%s)' % ', '.join('%s=%s' % (key, value) for key, value in fields if value)
