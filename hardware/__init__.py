"""The device's hardware: circuit as code, drawings and simulator diagrams."""
