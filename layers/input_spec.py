"""InputSpec: what a built layer accepts (rank, fixed axis widths, and optionally a dtype or a whole shape)."""
from framework import trace_names
from framework.tensor_shape import TensorShape
from framework.type_text import class_text


class InputSpec:
    """The rank and axis sizes (and dtype or shape) a layer's input must have, as Keras 3's.

    Args:
        dtype: the input's dtype, or None.
        shape: the whole shape (None for any size along an axis); it sets ``ndim``.
        ndim: the exact rank, or None.
        max_ndim, min_ndim: the greatest and least rank, or None.
        axes: a dict from axis (negative counts from the end) to its size.
        allow_last_axis_squeeze: a trailing axis of 1 on the input or on ``shape`` is ignored (and
            ``ndim`` then goes unchecked).
        name: the input's key when inputs come as a dict; errors name it (Keras 3 says 'None'
            when it is unset), and, as in Keras 3, the config leaves it out.
        optional: whether the input may be None.
    Raises:
        TypeError: ``axes`` whose keys are not integers; ValueError: an axis beyond the rank.
    """
    __slots__ = ('dtype', 'shape', 'ndim', 'max_ndim', 'min_ndim', 'axes', 'allow_last_axis_squeeze', 'name',
                 'optional', '_axis_sizes')

    def __init__(self, dtype=None, shape=None, ndim=None, max_ndim=None, min_ndim=None, axes=None,
                 allow_last_axis_squeeze=False, name=None, optional=False):
        if dtype is not None:
            from framework.keras.backend import standardize_dtype
            dtype = standardize_dtype(dtype)
        self.dtype = dtype
        if shape is not None:
            self.shape = standardize_shape(shape)
            self.ndim = len(shape)
        else:
            self.shape = None
            self.ndim = ndim
        self.max_ndim = max_ndim
        self.min_ndim = min_ndim
        self.name = name
        self.optional = optional
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        try:
            axes = axes or {}
            self.axes = {int(k): axes[k] for k in axes}
        except (ValueError, TypeError):
            raise TypeError('Argument `axes` must be a dict with integer keys. Received: axes=%s' % (axes,)) from None
        if self.axes and (self.ndim is not None or self.max_ndim is not None):
            max_dim = (self.ndim if self.ndim else self.max_ndim) - 1
            if max(self.axes) > max_dim:
                raise ValueError('Axis %s is greater than the maximum allowed value: %s' % (max(self.axes), max_dim))
        self._axis_sizes = tuple((a, s) for a, s in self.axes.items() if s is not None)
        if dtype is not None or shape is not None or max_ndim is not None or allow_last_axis_squeeze:
            # Layer.__call__'s hot path checks a plain InputSpec's rank and axes from the shape alone;
            # a spec that needs more (the dtype, the whole shape) takes the general path instead
            self.__class__ = _CheckedInputSpec

    def check(self, layer, shape, index=0, dtype=None):
        """Raise ValueError naming ``layer`` when ``shape`` (of an input of ``dtype``) does not fit."""
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
        return {'dtype': self.dtype, 'shape': self.shape, 'ndim': self.ndim, 'max_ndim': self.max_ndim,
                'min_ndim': self.min_ndim, 'axes': dict(self.axes), 'optional': self.optional}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        # Keras 3's: only the fields that are set (truthy), e.g. InputSpec(min_ndim=2, axes={-1: 4})
        fields = (('dtype', self.dtype), ('shape', self.shape), ('ndim', self.ndim), ('max_ndim', self.max_ndim),
                  ('min_ndim', self.min_ndim), ('axes', self.axes))
        return 'InputSpec(%s)' % ', '.join('%s=%s' % (key, value) for key, value in fields if value)


class _CheckedInputSpec(InputSpec):
    """An InputSpec with a dtype, a whole shape, a max_ndim or a squeezable last axis: checked in
    Keras 3's order (ndim, max_ndim, min_ndim, dtype, axes, shape), with its words."""
    __slots__ = ()

    def check(self, layer, shape, index=0, dtype=None):
        shape = trace_names.open_batch(tuple(shape))
        rank = len(shape)
        prefix = "Input %d with name '%s' of layer '%s' is incompatible with the layer: " % (index, self.name, layer.name)
        text = None
        if self.ndim is not None and not self.allow_last_axis_squeeze and rank != self.ndim:
            text = 'expected ndim=%d, found ndim=%d. Full shape received: %s' % (self.ndim, rank, shape)
        elif self.max_ndim is not None and rank > self.max_ndim:
            text = 'expected max_ndim=%d, found ndim=%d' % (self.max_ndim, rank)
        elif self.min_ndim is not None and rank < self.min_ndim:
            text = 'expected min_ndim=%d, found ndim=%d. Full shape received: %s' % (self.min_ndim, rank, shape)
        elif self.dtype is not None and dtype is not None and _dtype_name(dtype) != self.dtype:
            text = 'expected dtype=%s, found dtype=%s' % (self.dtype, _dtype_name(dtype))
        else:
            text = self._axes_text(shape) or self._shape_text(shape)
        if text is not None:
            error = ValueError(prefix + text)
            error.incompatible_input = True
            raise error

    def _axes_text(self, shape):
        for axis, size in self._axis_sizes:
            if shape[axis] not in (size, None):
                return ('expected axis %d of input shape to have value %d, but received input with shape %s'
                        % (axis, size, shape))
        return None

    def _shape_text(self, shape):
        if self.shape is None:
            return None
        wanted = self.shape
        if self.allow_last_axis_squeeze:
            shape = shape[:-1] if shape and shape[-1] == 1 else shape
            wanted = wanted[:-1] if wanted and wanted[-1] == 1 else wanted
        for want, got in zip(wanted, shape):
            if want is not None and got is not None and want != got:
                return 'expected shape=%s, found shape=%s' % (self.shape, shape)
        return None


def _dtype_name(dtype):
    return dtype if isinstance(dtype, str) else getattr(dtype, 'name', str(dtype))


def standardize_shape(shape):
    """``shape`` as a tuple of ints and Nones, or Keras 3's ValueError: a bare int, a string or a
    float size is refused even where int() would take it, as are negative sizes."""
    if shape is None:
        raise ValueError('Undefined shapes are not supported.')
    if not hasattr(shape, '__iter__'):
        raise ValueError("Cannot convert '%s' to a shape." % (shape,))
    if isinstance(shape, TensorShape):      # Keras 3 on TF reads shape.as_list(): TensorShape(None) is refused there
        shape = shape.as_list()
    dims = []
    for d in shape:
        if d is None:
            dims.append(None)
            continue
        if isinstance(d, (str, float)):
            raise ValueError("Cannot convert '%s' to a shape. Found invalid dimension '%s' of type '%s'. "
                             % (shape, d, class_text(d)))
        try:
            d = int(d)
        except (TypeError, ValueError) as error:     # chained, as Keras 3 does
            raise ValueError("Cannot convert '%s' to a shape. Found invalid dimension '%s' of type '%s'. "
                             % (shape, d, class_text(d))) from error
        if d < 0:
            raise ValueError("Cannot convert '%s' to a shape. Negative dimensions are not allowed." % (shape,))
        dims.append(d)
    return tuple(dims)
