"""Where TF 2.21's own 3-D kernels (Eigen's: oneDNN off, as by default on CPUs without AVX-512 VNNI) put SAME
windows whose stride leaves the input too long for them.

Eigen sizes SAME padding as ((out - 1) * stride + window - size) / 2 without clamping it at zero, so where that is
-2 or less (a stride at least two longer than the window: size 6, window 1, stride 3) the first window starts
inside the input, at 1 instead of 0: AvgPool3D / MaxPool3D / Conv3D on 0..5 give [1, 4] there (oneDNN's kernels
and every 1-D / 2-D op: [0, 3]). Their gradient kernels (AvgPool3DGrad, MaxPool3DGrad, Conv3DBackprop*) keep the
unshifted windows, so the ops compute forward with ``shifted_geometry`` and differentiate with the usual one.
Measured: progs/layers20/ap5.py, ap6.py.
"""
from .backprop_input_kernel import runs_onednn


def window_shifts(x, geo, padding):
    """Per spatial axis, how many elements TF's Eigen 3-D kernel skips before the first window, or None where it
    places the windows as everywhere else (not 3-D, not SAME, oneDNN's kernel, or no shift)."""
    if len(geo.kernel) != 3 or str(padding).upper() != 'SAME' or runs_onednn(x._data.dtype):
        return None
    shifts = []
    for size, k, s, d, out in zip(geo.shape[1:-1], geo.kernel, geo.strides, geo.dilations, geo.out):
        total = (out - 1) * s + (k - 1) * d + 1 - size
        shifts.append((-total) // 2 if total < 0 else 0)        # C++'s division truncates towards zero
    return shifts if any(shifts) else None


def shifted_input(a, shifts):
    """``a`` (N, *spatial, C) without the elements the shifted windows skip."""
    return a[(slice(None),) + tuple(slice(s, None) for s in shifts) + (slice(None),)]


def shifted_geometry(a, geo, shifts, op):
    """(the shifted input, its geometry): the same windows and outputs, none padded on a shifted axis."""
    from .convolution_nd import WindowGeometry
    part = shifted_input(a, shifts)
    shifted = WindowGeometry(part.shape, geo.kernel, geo.strides, geo.dilations, 'SAME', op, geo.groups)
    assert shifted.out == geo.out, (shifted.out, geo.out)
    shifted.padding = None      # (its windows are placed: window_shifts leaves them)
    return part, shifted
