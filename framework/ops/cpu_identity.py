"""This CPU's vendor, family and model, as /proc/cpuinfo names them (x86 Linux).

Some float32 kernels refine a hardware estimate (VRCPPS, VRSQRTPS) whose bits differ between CPU models;
the tables measured on one model (zen3_reciprocal_estimate.py, zen2_rsqrt_estimate.py) apply only there.
"""
import functools


@functools.lru_cache(maxsize=None)
def identity():
    """(vendor_id, cpu family, model) of the first processor, or Nones where /proc/cpuinfo is unreadable."""
    fields = {}
    try:
        with open('/proc/cpuinfo') as info:
            for line in info:
                if not line.strip():
                    break           # the first processor's entry is enough
                key, _, value = line.partition(':')
                fields[key.strip()] = value.strip()
    except OSError:
        pass
    return fields.get('vendor_id'), fields.get('cpu family'), fields.get('model')
